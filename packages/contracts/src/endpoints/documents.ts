import { z } from 'zod';
import { ZMessageResponse } from '../auth.ts';
import {
  ZCancelRequest,
  ZDashboardDocuments,
  ZDeclineRequest,
  ZDocTypes,
  ZDocumentQuery,
  ZDocumentResponse,
  ZDocumentUserList,
  ZEmbedEsignRequest,
  ZEndSigningRequest,
  ZJobPendingResponse,
  ZRemindRequest,
  ZSaveDraftRequest,
  ZSetSignersRequest,
  ZSignerLinkRequest,
  ZSignRequest,
  ZSignResponse,
  ZStampRequest,
  ZStampResponse,
  ZUpdateEmetRequest,
  ZUploadDocumentResponse,
} from '../documents.ts';
import { endpoint } from '../endpoint.ts';
import { ZDbId, ZDbIdParams } from '../envelope.ts';

const upload = <const P extends string>(path: P) =>
  endpoint({
    method: 'POST',
    path,
    tags: ['single-stamp'],
    summary:
      'Upload a PDF (multipart field `file`); it is inspected and kept as a draft (status nostamp)',
    access: 'signed-in',
    consumes: ['multipart/form-data'],
    response: { 201: ZUploadDocumentResponse },
  });

const stamp = <const P extends string>(path: P, variant: string) =>
  endpoint({
    method: 'POST',
    path,
    tags: ['single-stamp'],
    summary: `Stamp one e-Meterai (${variant} quota); placement in PDF points from the bottom-left`,
    access: 'signed-in',
    body: ZStampRequest,
    response: { 200: ZStampResponse, 202: ZJobPendingResponse },
  });

const sign = <const P extends string>(path: P) =>
  endpoint({
    method: 'POST',
    path,
    tags: ['esign'],
    summary:
      "Sign with the caller's certificate and specimen (PAdES, incremental); one e-sign unit",
    access: 'signed-in',
    body: ZSignRequest,
    response: { 200: ZSignResponse, 202: ZJobPendingResponse },
  });

/** Documents: upload, drafts, stamping, signing, history, files (spec §5, §7 single-stamp). */
export const DOCUMENT_ENDPOINTS = {
  upload: upload('/api/v1/single-stamp/upload-document'),
  uploadOnly: upload('/api/v1/single-stamp/upload-document-only'),
  uploadEsign: upload('/api/v1/esign-only/upload-document'),
  docTypes: endpoint({
    method: 'GET',
    path: '/api/v1/single-stamp/doc-types',
    tags: ['single-stamp'],
    summary: "The provider's document types",
    access: 'signed-in',
    response: { 200: ZDocTypes },
  }),
  saveDraft: endpoint({
    method: 'PATCH',
    path: '/api/v1/single-stamp/update-document/:id',
    tags: ['single-stamp'],
    summary: 'Save the draft placements',
    access: 'signed-in',
    params: ZDbIdParams,
    body: ZSaveDraftRequest,
    response: { 200: ZDocumentResponse },
  }),
  updateEmet: endpoint({
    method: 'POST',
    path: '/api/v1/single-stamp/update-emet',
    tags: ['single-stamp'],
    summary:
      "Set a draft's e-Meterai details: type, value, and the document's own number and date (YYYY-MM-DD, not in the future)",
    access: 'signed-in',
    body: ZUpdateEmetRequest,
    response: { 200: ZDocumentResponse },
  }),
  stampCompany: stamp('/api/v1/single-stamp/stamp-single-process-company', 'company'),
  stampPersonal: stamp('/api/v1/single-stamp/stamp-single-process-personal', 'personal'),
  stampProcess: stamp(
    '/api/v1/single-stamp/stamp-process',
    "the caller's own: company, department or personal",
  ),
  oneStampProcess: endpoint({
    method: 'POST',
    path: '/api/v1/stamp/one-stamp-process',
    tags: ['single-stamp'],
    summary:
      "Upload, place and stamp in one call (the caller's quota): multipart with the text fields page, x, y, width, height (PDF points from the bottom-left), doc_type, and optionally doc_value, doc_number, doc_date, reason, location, acknowledge_javascript, all before the PDF in the field `file`. The upload is checked as upload-document checks it; a stamp that fails keeps the draft and names its document_id",
    access: 'signed-in',
    consumes: ['multipart/form-data'],
    response: { 200: ZStampResponse, 202: ZJobPendingResponse },
  }),
  setSigners: endpoint({
    method: 'POST',
    path: '/api/v1/esign-only/update-signer-data',
    tags: ['esign'],
    summary:
      'Set who signs, in which order and where, with an optional deadline and automatic reminders (also restarts a stopped round: pending signers replaced, signatures made stay)',
    access: 'signed-in',
    body: ZSetSignersRequest,
    response: { 200: ZDocumentResponse },
  }),
  decline: endpoint({
    method: 'POST',
    path: '/api/v1/esign-only/decline',
    tags: ['esign'],
    summary:
      'A pending signer declines to sign, with a reason: the round stops and the owner is told',
    access: 'signed-in',
    body: ZDeclineRequest,
    response: { 200: ZDocumentResponse },
  }),
  remind: endpoint({
    method: 'POST',
    path: '/api/v1/esign-only/remind',
    tags: ['esign'],
    summary:
      'Remind the signer whose turn it is (e-mail and notice); at most once an hour per document, else 429 with `retry_at`',
    access: 'signed-in',
    body: ZRemindRequest,
    response: { 200: ZDocumentResponse },
  }),
  embedEsign: endpoint({
    method: 'POST',
    path: '/api/v1/single-stamp/embed-esign',
    tags: ['esign'],
    summary:
      "Place one signer's e-signature box (and specimen) on a draft: adds it, or replaces that signer's box",
    access: 'signed-in',
    body: ZEmbedEsignRequest,
    response: { 200: ZDocumentResponse },
  }),
  revokeLink: endpoint({
    method: 'POST',
    path: '/api/v1/esign-only/revoke-link',
    tags: ['esign'],
    summary: "Takes back an outside signer's link (by their position): it opens nothing any more",
    access: 'signed-in',
    body: ZSignerLinkRequest,
    response: { 200: ZDocumentResponse },
  }),
  resendLink: endpoint({
    method: 'POST',
    path: '/api/v1/esign-only/resend-link',
    tags: ['esign'],
    summary:
      'Sends an outside signer whose turn it is a fresh link (the earlier one stops working)',
    access: 'signed-in',
    body: ZSignerLinkRequest,
    response: { 200: ZDocumentResponse },
  }),
  signerProcess: sign('/api/v1/esign-only/signer-process'),
  embedProcess: sign('/api/v1/esign-only/embed-process'),
  endSigning: endpoint({
    method: 'POST',
    path: '/api/v1/esign-only/end-process',
    tags: ['esign'],
    summary:
      'End the signing round: pending signers are removed; the document keeps the signatures it has',
    access: 'signed-in',
    body: ZEndSigningRequest,
    response: { 200: ZDocumentResponse },
  }),
  history: endpoint({
    method: 'GET',
    path: '/api/v1/single-stamp/get-document-user',
    tags: ['single-stamp'],
    summary:
      'Stamping history: stamped and nostamp lists, newest first unless `sort` says otherwise',
    access: 'signed-in',
    query: ZDocumentQuery,
    response: { 200: ZDocumentUserList },
  }),
  dashboard: endpoint({
    method: 'GET',
    path: '/api/v1/dashboard/get-document-dashboard',
    tags: ['single-stamp'],
    summary: 'Recent documents and totals',
    access: 'signed-in',
    response: { 200: ZDashboardDocuments },
  }),
  details: endpoint({
    method: 'GET',
    path: '/api/v1/single-stamp/get-document-details/:documentID',
    tags: ['single-stamp'],
    summary: 'One document',
    access: 'signed-in',
    params: z.object({ documentID: ZDbId }),
    response: { 200: ZDocumentResponse },
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/v1/single-stamp/canceled-stamp',
    tags: ['single-stamp'],
    summary: 'Cancel a draft',
    access: 'signed-in',
    body: ZCancelRequest,
    response: { 200: ZMessageResponse },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v1/single-stamp/delete-document/:id',
    tags: ['single-stamp'],
    summary: 'Delete a draft or canceled document',
    access: 'signed-in',
    params: ZDbIdParams,
    response: { 200: ZMessageResponse },
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/v1/single-stamp/download-file/:id',
    tags: ['single-stamp'],
    summary: 'The stamped PDF',
    access: 'signed-in',
    raw: true,
    params: ZDbIdParams,
    response: {},
  }),
  unsigned: endpoint({
    method: 'GET',
    path: '/UNSIGNED/:file',
    tags: ['single-stamp'],
    summary: "A draft's unsigned PDF (bearer token, or a short-lived link token in `token`)",
    access: 'public',
    hide: true,
    raw: true,
    params: z.object({ file: z.string().regex(/^\d+\.pdf$/) }),
    query: z.object({ token: z.string().max(2000).optional() }),
    response: {},
  }),
} as const;
