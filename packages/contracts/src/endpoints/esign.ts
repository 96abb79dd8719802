import { z } from 'zod';
import { ZMessageResponse } from '../auth.ts';
import { endpoint } from '../endpoint.ts';
import { ZDbId, ZDbIdParams } from '../envelope.ts';
import { ZEsignList, ZEsignQuery, ZEsignResponse, ZEsignUpdateRequest } from '../organisation.ts';

const ZIdParams = ZDbIdParams;

/** Signature specimens (spec §7 esign). */
export const ESIGN_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/esign/by/:userId',
    tags: ['esign'],
    summary:
      "A user's signature specimens: `data` is the page, `meta` the paging; oldest first unless `sort` says otherwise",
    access: 'signed-in',
    params: z.object({ userId: ZDbId }),
    query: ZEsignQuery,
    response: { 200: ZEsignList },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v1/esign',
    tags: ['esign'],
    summary:
      'Add a specimen: multipart `file` (PNG/JPEG ≤ 1 MB, drawn or uploaded), optional `source` and `name`; the background is made transparent',
    access: 'signed-in',
    consumes: ['multipart/form-data'],
    response: { 201: ZEsignResponse },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v1/esign/:id',
    tags: ['esign'],
    summary: 'Rename or make default',
    access: 'signed-in',
    params: ZIdParams,
    body: ZEsignUpdateRequest,
    response: { 200: ZEsignResponse },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v1/esign/:id',
    tags: ['esign'],
    summary: 'Delete a specimen',
    access: 'signed-in',
    params: ZIdParams,
    response: { 200: ZMessageResponse },
  }),
  image: endpoint({
    method: 'GET',
    path: '/api/v1/esign/:id/image',
    tags: ['esign'],
    summary: 'The specimen as a transparent PNG',
    access: 'signed-in',
    raw: true,
    params: ZIdParams,
    response: {},
  }),
} as const;
