import {
  BATCH_ENDPOINTS,
  endpointPath,
  type TBatch,
  type TBatchItem,
  type TBatchItemSortKey,
  type TBatchSortKey,
  type TEndpointBody,
} from '@bubuh/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { callEndpoint, useEndpointMutation, useEndpointQuery } from '@/lib/endpoint';
import { saveBlob } from '@/lib/save-blob';
import type { TListQuery } from '@/lib/use-list-state';

export type TBatchCreateInput = TEndpointBody<typeof BATCH_ENDPOINTS.create>;

/** A batch still moving: its screen polls every 1.5 s until it rests. */
export const isBatchActive = (batch: TBatch | undefined) =>
  batch?.status === 'running' || (batch?.status === 'cancelled' && batch.counts.stamping > 0);

/**
 * How often a batch's screen asks again: every 1.5 s while it moves; a draft or a paused batch
 * every 10 s (started, resumed or given files from another tab or by an API client, it shows
 * so without a reload); a finished one never.
 */
const batchRefetchMs = (batch: TBatch | undefined) => {
  if (isBatchActive(batch)) return 1500;
  return batch?.status === 'draft' || batch?.status === 'paused' ? 10_000 : false;
};

export const useBatches = (query: TListQuery<TBatchSortKey>) =>
  useEndpointQuery(
    BATCH_ENDPOINTS.list,
    { query },
    {
      select: (body) => body.data,
      placeholderData: keepPreviousData,
      // The list shows progress too: refreshed while any batch on the page runs.
      refetchInterval: (q) =>
        q.state.data?.data.data.some((b) => b.status === 'running') ? 3000 : false,
    },
  );

export const useBatch = (id: number, query: { page: number; perPage: number }) =>
  useEndpointQuery(
    BATCH_ENDPOINTS.detail,
    { params: { id }, query },
    {
      select: (body) => body.data,
      placeholderData: keepPreviousData,
      enabled: id > 0,
      refetchInterval: (q) => batchRefetchMs(q.state.data?.data.batch),
      // Back on the tab, the batch as it is now.
      refetchOnWindowFocus: true,
    },
  );

/** One batch's files, server-paged and searchable by name (the backup's second level). */
export const useBatchFiles = (id: number, query: TListQuery<TBatchItemSortKey>) =>
  useEndpointQuery(
    BATCH_ENDPOINTS.detail,
    { params: { id }, query },
    { select: (body) => body.data, placeholderData: keepPreviousData, enabled: id > 0 },
  );

export const useCreateBatch = () => useEndpointMutation(BATCH_ENDPOINTS.create);
export const useStartBatch = () => useEndpointMutation(BATCH_ENDPOINTS.start);
export const usePauseBatch = () => useEndpointMutation(BATCH_ENDPOINTS.pause);
export const useResumeBatch = () => useEndpointMutation(BATCH_ENDPOINTS.resume);
export const useCancelBatch = () => useEndpointMutation(BATCH_ENDPOINTS.cancel);
export const useRetryFailed = () => useEndpointMutation(BATCH_ENDPOINTS.retryFailed);
export const useRemoveBatchFile = () => useEndpointMutation(BATCH_ENDPOINTS.removeItem);

/** Sends one PDF to a draft batch; the answer says whether preflight accepted it. */
export const uploadBatchFile = (batchId: number, file: File) => {
  const body = new FormData();
  body.append('file', file, file.name);
  return callEndpoint(BATCH_ENDPOINTS.upload, { query: { batch_id: batchId }, body });
};

/** Sends one ZIP of PDFs: the server adds each PDF as a file and names the entries it refused. */
export const uploadBatchZip = (batchId: number, file: File) => {
  const body = new FormData();
  body.append('file', file, file.name);
  return callEndpoint(BATCH_ENDPOINTS.uploadZip, { query: { batch_id: batchId }, body });
};

/** Attaches a CSV manifest to a draft batch; the answer says what became of every row. */
export const uploadBatchManifest = (batchId: number, file: File) => {
  const body = new FormData();
  body.append('file', file, file.name);
  return callEndpoint(BATCH_ENDPOINTS.manifest, { query: { batch_id: batchId }, body });
};

const fileNameOf = (disposition: string | null, fallback: string) => {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  return star?.[1] ? decodeURIComponent(star[1]) : fallback;
};

/** What a batch offers to download, and the name used when the server gives none. */
const DOWNLOADS = {
  zip: { entry: BATCH_ENDPOINTS.zip, suffix: '.zip' },
  zipCertificates: { entry: BATCH_ENDPOINTS.zip, suffix: '.zip', query: '?certificates=true' },
  report: { entry: BATCH_ENDPOINTS.report, suffix: '-report.csv' },
  reportXlsx: { entry: BATCH_ENDPOINTS.reportXlsx, suffix: '-report.xlsx' },
  originals: { entry: BATCH_ENDPOINTS.originalsZip, suffix: '-originals.zip' },
} as const;

const save = async (path: string, fallback: string) => {
  const response = await request<Response>(path, { raw: true });
  saveBlob(
    await response.blob(),
    fileNameOf(response.headers.get('content-disposition'), fallback),
  );
};

/** The ZIP of stamped files, the report (CSV or XLSX) or the originals' ZIP, saved under the server's file name. */
export const downloadBatchFile = (batch: TBatch, what: keyof typeof DOWNLOADS) => {
  const download = DOWNLOADS[what];
  const query = 'query' in download ? download.query : '';
  return save(
    `${endpointPath(download.entry, { id: batch.id })}${query}`,
    `${batch.name}${download.suffix}`,
  );
};

/** One file's original, as uploaded (the backup). */
export const downloadOriginal = (item: TBatchItem) =>
  save(endpointPath(BATCH_ENDPOINTS.original, { id: item.id }), item.file_name);
