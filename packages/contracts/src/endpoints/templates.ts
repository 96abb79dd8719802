import { ZMessageResponse } from '../auth.ts';
import {
  ZJobPendingResponse,
  ZStampResponse,
  ZTemplateApplyRequest,
  ZTemplateApplyResponse,
  ZTemplateList,
  ZTemplateQuery,
  ZTemplateRequest,
  ZTemplateResponse,
  ZTemplateSignersResponse,
  ZTemplateStampRequest,
} from '../documents.ts';
import { endpoint } from '../endpoint.ts';
import { ZDbIdParams } from '../envelope.ts';

const update = <const P extends string>(path: P) =>
  endpoint({
    method: 'PATCH',
    path,
    tags: ['templates'],
    summary: 'Update a template',
    access: 'signed-in',
    params: ZDbIdParams,
    body: ZTemplateRequest,
    response: { 200: ZTemplateResponse },
  });

/** Document templates of the company (spec §7 template). */
export const TEMPLATE_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/template',
    tags: ['templates'],
    summary:
      'Document templates of the company (or own, for personal accounts); newest first unless `sort` says otherwise',
    access: 'signed-in',
    query: ZTemplateQuery,
    response: { 200: ZTemplateList },
  }),
  signers: endpoint({
    method: 'GET',
    path: '/api/v1/template/signers',
    tags: ['templates'],
    summary:
      "Who a template's e-signature box can be given to: the company's users (a personal account: only itself), the caller first",
    access: 'signed-in',
    response: { 200: ZTemplateSignersResponse },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v1/template/:id',
    tags: ['templates'],
    summary: 'One template',
    access: 'signed-in',
    params: ZDbIdParams,
    response: { 200: ZTemplateResponse },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v1/template/create-template',
    tags: ['templates'],
    summary: 'Create a template (placements in PDF points)',
    access: 'signed-in',
    body: ZTemplateRequest,
    response: { 201: ZTemplateResponse },
  }),
  update: update('/api/v1/template/update-template/:id'),
  updateEsign: update('/api/template-esign/update/:id'),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v1/template/deleted/:id',
    tags: ['templates'],
    summary: 'Delete a template',
    access: 'signed-in',
    params: ZDbIdParams,
    response: { 200: ZMessageResponse },
  }),
  apply: endpoint({
    method: 'POST',
    path: '/api/v1/template/apply/:id',
    tags: ['templates'],
    summary:
      "Apply a template to an uploaded draft: its e-signature boxes become the signers in order, its e-Meterai box the draft's placement (stamped after the signatures)",
    access: 'signed-in',
    params: ZDbIdParams,
    body: ZTemplateApplyRequest,
    response: { 200: ZTemplateApplyResponse },
  }),
  stamp: endpoint({
    method: 'POST',
    path: '/api/v1/single-stamp/stamp-template-process-company/:id',
    tags: ['single-stamp'],
    summary:
      "Stamp a document at the template's e-Meterai placement (a template with e-signature boxes is applied and signed first)",
    access: 'signed-in',
    params: ZDbIdParams,
    body: ZTemplateStampRequest,
    response: { 200: ZStampResponse, 202: ZJobPendingResponse },
  }),
} as const;
