import { ZMessageResponse } from '../auth.ts';
import {
  ZBulkTemplateList,
  ZBulkTemplateQuery,
  ZBulkTemplateRequest,
  ZBulkTemplateResponse,
} from '../bulk-templates.ts';
import { endpoint } from '../endpoint.ts';
import { ZDbIdParams } from '../envelope.ts';

/** Bulk templates (issue 13): the boxes and defaults a batch starts from. */
export const BULK_TEMPLATE_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/batch-stamp/templates',
    tags: ['batch-stamp'],
    summary: 'Bulk templates of the company (personal accounts: their own), newest first',
    access: 'signed-in',
    query: ZBulkTemplateQuery,
    response: { 200: ZBulkTemplateList },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v1/batch-stamp/templates/:id',
    tags: ['batch-stamp'],
    summary: 'One bulk template',
    access: 'signed-in',
    params: ZDbIdParams,
    response: { 200: ZBulkTemplateResponse },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v1/batch-stamp/create-template',
    tags: ['batch-stamp'],
    summary:
      'A bulk template: name, document type and value, the e-Meterai box and optionally the e-signature box, each anchored to a fixed, the first or the last page',
    access: 'signed-in',
    body: ZBulkTemplateRequest,
    response: { 201: ZBulkTemplateResponse },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v1/batch-stamp/update-template/:id',
    tags: ['batch-stamp'],
    summary: 'Change a bulk template (its owner or a company admin)',
    access: 'signed-in',
    params: ZDbIdParams,
    body: ZBulkTemplateRequest,
    response: { 200: ZBulkTemplateResponse },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v1/batch-stamp/delete-template/:id',
    tags: ['batch-stamp'],
    summary: 'Delete a bulk template (its owner or a company admin); batches keep their boxes',
    access: 'signed-in',
    params: ZDbIdParams,
    response: { 200: ZMessageResponse },
  }),
} as const;
