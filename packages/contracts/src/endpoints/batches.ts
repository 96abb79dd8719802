import { z } from 'zod';
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
import { endpointsOf, type TEndpoint } from '../endpoint.ts';
import { ZDbIdParams } from '../envelope.ts';

const batch = endpointsOf('batch-stamp', 'signed-in');

const action = <const P extends string>(path: P, summary: string) =>
  batch({ method: 'POST', path, summary, body: ZBatchIdBody, response: { 200: ZBatchResponse } });

/** A multipart upload into a draft batch (`file`), answered with `response`. */
const upload = <const P extends string, const R extends TEndpoint['response']>(
  path: P,
  summary: string,
  response: R,
) =>
  batch({
    method: 'POST',
    path,
    summary,
    query: ZBatchUploadQuery,
    consumes: ['multipart/form-data'],
    response,
  });

/** A file of one batch (or one of its files), sent as it is. */
const download = <const P extends string>(path: P, summary: string) =>
  batch({ method: 'GET', path, summary, params: ZDbIdParams, raw: true, response: {} });

/** Bulk stamping (spec §7 batch-stamp, paths exact; issue 13). */
export const BATCH_ENDPOINTS = {
  list: batch({
    method: 'GET',
    path: '/api/v1/batch-stamp/get-batch-documents',
    summary: 'Batches the caller may see (own; company admins: the company), newest first',
    query: ZBatchQuery,
    response: { 200: ZBatchList },
  }),
  detail: batch({
    method: 'GET',
    path: '/api/v1/batch-stamp/detail-batch-documents/:id',
    summary: 'One batch with its counts and its documents, paged (`data.data`)',
    params: ZDbIdParams,
    query: ZBatchItemQuery,
    response: { 200: ZBatchDetail },
  }),
  create: batch({
    method: 'POST',
    path: '/api/v1/batch-stamp/create-batch',
    summary:
      'A new draft batch: its e-Meterai box (fixed, first or last page), document type and value',
    body: ZBatchCreateRequest,
    response: { 201: ZBatchResponse },
  }),
  upload: upload(
    '/api/v1/batch-stamp/batch-document-upload',
    'Add one PDF (multipart field `file`) to a draft batch; preflight answers per file (`rejected` with a reason)',
    { 201: ZBatchItemResponse },
  ),
  uploadOneProcess: upload(
    '/api/v1/batch-stamp/batch-document-upload-one-process',
    'Add one PDF to a batch and queue it at once (a draft batch is started); for API clients',
    { 201: ZBatchItemResponse },
  ),
  manifest: upload(
    '/api/v1/batch-stamp/batch-manifest-upload',
    'Attach a CSV manifest (multipart field `file`; columns file_name, doc_type, doc_value, doc_number, doc_date) to a draft batch: per-file overrides, answered per row',
    { 200: ZBatchManifestResponse },
  ),
  uploadZip: upload(
    '/api/v1/batch-stamp/batch-zip-upload',
    'Add one ZIP of PDFs (multipart field `file`) to a draft batch: each PDF entry becomes a file as if uploaded alone; other entries are refused',
    { 201: ZBatchZipResponse },
  ),
  removeItem: batch({
    method: 'DELETE',
    path: '/api/v1/batch-stamp/batch-document/:id',
    summary: 'Remove a file from a draft batch (e.g. one preflight rejected)',
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
  zip: batch({
    method: 'GET',
    path: '/api/v1/batch-stamp/download-zip/:id',
    summary:
      "Every stamped file of the batch as one ZIP, streamed; `certificates=true` adds each one's completion certificate",
    params: ZDbIdParams,
    query: z.object({ certificates: z.enum(['true', 'false']).optional() }),
    raw: true,
    response: {},
  }),
  report: download(
    '/api/v1/batch-stamp/report/:id',
    'CSV report of the batch: file name, serial, status, stamped at, who',
  ),
  reportXlsx: download(
    '/api/v1/batch-stamp/report-xlsx/:id',
    'The same report as an XLSX workbook (one sheet), streamed',
  ),
  original: download(
    '/api/v1/batch-stamp/original/:id',
    'Backup: the original PDF of one file of a batch (as uploaded, before any stamp)',
  ),
  originalsZip: download(
    '/api/v1/batch-stamp/download-originals/:id',
    'Backup: the original PDFs of every file of the batch as one ZIP, streamed',
  ),
} as const;
