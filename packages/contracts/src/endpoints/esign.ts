import { z } from 'zod';
import { ZMessageResponse, ZNik } from '../auth.ts';
import { endpoint } from '../endpoint.ts';
import { ZDbIdParams, ZEnvelope, ZUserIdParams } from '../envelope.ts';
import { ZEsignList, ZEsignQuery, ZEsignResponse, ZEsignUpdateRequest } from '../organisation.ts';

/** The name and NIK a user's signing certificate carries; fixed once the certificate is issued. */
export const ZSignerIdentity = z.object({
  fullName: z.string(),
  nik: z.string().nullable(),
  /** Issued at the first e-signature: from then on name and NIK can no longer change here. */
  certificate_issued: z.boolean(),
});
export type TSignerIdentity = z.infer<typeof ZSignerIdentity>;
export const ZSignerIdentityResponse = ZEnvelope(ZSignerIdentity);
export const ZSignerIdentityRequest = z.object({
  fullName: z.string().trim().min(2, 'Name is too short').max(150),
  nik: ZNik.transform((v) => v.replace(/\D/g, '')),
});
export type TSignerIdentityRequest = z.infer<typeof ZSignerIdentityRequest>;

/** Signature specimens (spec §7 esign). */
export const ESIGN_ENDPOINTS = {
  identity: endpoint({
    method: 'GET',
    path: '/api/v1/esign/identity',
    tags: ['esign'],
    summary: "The caller's full legal name and NIK for their signing certificate",
    access: 'signed-in',
    response: { 200: ZSignerIdentityResponse },
  }),
  setIdentity: endpoint({
    method: 'PUT',
    path: '/api/v1/esign/identity',
    tags: ['esign'],
    summary:
      'Enter or correct full legal name and NIK (validated as at registration) before the signing certificate is issued; 409 after',
    access: 'signed-in',
    body: ZSignerIdentityRequest,
    response: { 200: ZSignerIdentityResponse },
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/v1/esign/by/:userId',
    tags: ['esign'],
    summary:
      "A user's signature specimens: `data` is the page, `meta` the paging; oldest first unless `sort` says otherwise",
    access: 'signed-in',
    params: ZUserIdParams,
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
    params: ZDbIdParams,
    body: ZEsignUpdateRequest,
    response: { 200: ZEsignResponse },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v1/esign/:id',
    tags: ['esign'],
    summary: 'Delete a specimen',
    access: 'signed-in',
    params: ZDbIdParams,
    response: { 200: ZMessageResponse },
  }),
  image: endpoint({
    method: 'GET',
    path: '/api/v1/esign/:id/image',
    tags: ['esign'],
    summary: 'The specimen as a transparent PNG',
    access: 'signed-in',
    raw: true,
    params: ZDbIdParams,
    response: {},
  }),
} as const;
