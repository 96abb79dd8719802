import { ZMessageResponse } from '../auth.ts';
import {
  ZBatchCreateRequest,
  ZBatchDetail,
  ZBatchIdBody,
  ZBatchItemQuery,
  ZBatchItemResponse,
  ZBatchList,
  ZBatchManifestResponse,
  ZBatchQuery,
  ZBatchResponse,
  ZBatchUploadQuery,
  ZBatchZipResponse,
} from '../batches.ts';
import { endpoint } from '../endpoint.ts';
import { ZDbIdParams } from '../envelope.ts';

const action = <const P extends string>(path: P, summary: string) =>
  endpoint({
    method: 'POST',
    path,
    tags: ['batch-stamp'],
    summary,
    access: 'signed-in',
    body: ZBatchIdBody,
    response: { 200: ZBatchResponse },
  });

const upload = <const P extends string>(path: P, summary: string) =>
  endpoint({
    method: 'POST',
    path,
    tags: ['batch-stamp'],
    summary,
    access: 'signed-in',
    query: ZBatchUploadQuery,
    consumes: ['multipart/form-data'],
    response: { 201: ZBatchItemResponse },
  });

/** Bulk stamping (spec §7 batch-stamp, paths exact; issue 13). */
export const BATCH_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/batch-stamp/get-batch-documents',
    tags: ['batch-stamp'],
    summary: 'Batches the caller may see (own; company admins: the company), newest first',
    access: 'signed-in',
    query: ZBatchQuery,
    response: { 200: ZBatchList },
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/v1/batch-stamp/detail-batch-documents/:id',
    tags: ['batch-stamp'],
    summary: 'One batch with its counts and its documents, paged (`data.data`)',
    access: 'signed-in',
    params: ZDbIdParams,
    query: ZBatchItemQuery,
    response: { 200: ZBatchDetail },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v1/batch-stamp/create-batch',
    tags: ['batch-stamp'],
    summary:
      'A new draft batch: its e-Meterai box (fixed, first or last page), document type and value',
    access: 'signed-in',
    body: ZBatchCreateRequest,
    response: { 201: ZBatchResponse },
  }),
  upload: upload(
    '/api/v1/batch-stamp/batch-document-upload',
    'Add one PDF (multipart field `file`) to a draft batch; preflight answers per file (`rejected` with a reason)',
  ),
  uploadOneProcess: upload(
    '/api/v1/batch-stamp/batch-document-upload-one-process',
    'Add one PDF to a batch and queue it at once (a draft batch is started); for API clients',
  ),
  manifest: endpoint({
    method: 'POST',
    path: '/api/v1/batch-stamp/batch-manifest-upload',
    tags: ['batch-stamp'],
    summary:
      'Attach a CSV manifest (multipart field `file`; columns file_name, doc_type, doc_value, doc_number, doc_date) to a draft batch: per-file overrides, answered per row',
    access: 'signed-in',
    query: ZBatchUploadQuery,
    consumes: ['multipart/form-data'],
    response: { 200: ZBatchManifestResponse },
  }),
  uploadZip: endpoint({
    method: 'POST',
    path: '/api/v1/batch-stamp/batch-zip-upload',
    tags: ['batch-stamp'],
    summary:
      'Add one ZIP of PDFs (multipart field `file`) to a draft batch: each PDF entry becomes a file as if uploaded alone; other entries are refused',
    access: 'signed-in',
    query: ZBatchUploadQuery,
    consumes: ['multipart/form-data'],
    response: { 201: ZBatchZipResponse },
  }),
  removeItem: endpoint({
    method: 'DELETE',
    path: '/api/v1/batch-stamp/batch-document/:id',
    tags: ['batch-stamp'],
    summary: 'Remove a file from a draft batch (e.g. one preflight rejected)',
    access: 'signed-in',
    params: ZDbIdParams,
    response: { 200: ZMessageResponse },
  }),
  start: action(
    '/api/v1/batch-stamp/stamp-batch-process',
    'Start a draft batch: refused when the payer holds fewer units than its files need',
  ),
  pause: action(
    '/api/v1/batch-stamp/pause-batch',
    'Pause a running batch (started documents finish)',
  ),
  resume: action('/api/v1/batch-stamp/resume-batch', 'Resume a paused batch'),
  cancel: action(
    '/api/v1/batch-stamp/cancel-batch',
    'Cancel a batch: documents not yet started are released, nothing is charged for them',
  ),
  retryFailed: action(
    '/api/v1/batch-stamp/retry-failed',
    'Queue the failed documents of a batch again (their serials are reused)',
  ),
  zip: endpoint({
    method: 'GET',
    path: '/api/v1/batch-stamp/download-zip/:id',
    tags: ['batch-stamp'],
    summary: 'Every stamped file of the batch as one ZIP, streamed',
    access: 'signed-in',
    params: ZDbIdParams,
    raw: true,
    response: {},
  }),
  report: endpoint({
    method: 'GET',
    path: '/api/v1/batch-stamp/report/:id',
    tags: ['batch-stamp'],
    summary: 'CSV report of the batch: file name, serial, status, stamped at, who',
    access: 'signed-in',
    params: ZDbIdParams,
    raw: true,
    response: {},
  }),
  reportXlsx: endpoint({
    method: 'GET',
    path: '/api/v1/batch-stamp/report-xlsx/:id',
    tags: ['batch-stamp'],
    summary: 'The same report as an XLSX workbook (one sheet), streamed',
    access: 'signed-in',
    params: ZDbIdParams,
    raw: true,
    response: {},
  }),
  original: endpoint({
    method: 'GET',
    path: '/api/v1/batch-stamp/original/:id',
    tags: ['batch-stamp'],
    summary: 'Backup: the original PDF of one file of a batch (as uploaded, before any stamp)',
    access: 'signed-in',
    params: ZDbIdParams,
    raw: true,
    response: {},
  }),
  originalsZip: endpoint({
    method: 'GET',
    path: '/api/v1/batch-stamp/download-originals/:id',
    tags: ['batch-stamp'],
    summary: 'Backup: the original PDFs of every file of the batch as one ZIP, streamed',
    access: 'signed-in',
    params: ZDbIdParams,
    raw: true,
    response: {},
  }),
} as const;
