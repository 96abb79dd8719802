import { z } from 'zod';
import { ZBodyId, ZDbId, ZEnvelope, ZPageMeta, ZPageSortQuery } from './envelope.ts';
import { ZLockerFilingProblem } from './locker.ts';
import { ZFileName } from './names.ts';

/**
 * Bulk stamping (issue 13): one batch = many different PDFs stamped as one tracked job. The
 * e-Meterai box of a batch sits on a fixed page, on the first page or on the last page, since the
 * files of a batch differ in length.
 */
export const BATCH_PAGE_MODES = ['fixed', 'first', 'last'] as const;
export const ZBatchPageMode = z.enum(BATCH_PAGE_MODES);
export type TBatchPageMode = z.infer<typeof ZBatchPageMode>;

export const ZBatchPlacement = z.object({
  page_mode: ZBatchPageMode,
  /** Used when `page_mode` is `fixed`. */
  page: z.number().int().min(1).max(10_000).default(1),
  x: z.number().min(0).max(14_400),
  y: z.number().min(0).max(14_400),
  width: z.number().min(10).max(14_400),
  height: z.number().min(10).max(14_400),
});
export type TBatchPlacement = z.infer<typeof ZBatchPlacement>;

/** draft (files being added) → running ⇄ paused → done, or cancelled. */
export const BATCH_STATUSES = ['draft', 'running', 'paused', 'done', 'cancelled'] as const;
export const ZBatchStatus = z.enum(BATCH_STATUSES);
export type TBatchStatus = z.infer<typeof ZBatchStatus>;

/**
 * One file of a batch: `ready` (passed preflight), `rejected` (preflight refused it, see
 * `reason`), `queued`, `stamping`, `stamped`, `failed` (see `reason`; retry puts it back in the
 * queue) or `cancelled` (never started, nothing charged).
 */
export const BATCH_ITEM_STATUSES = [
  'ready',
  'rejected',
  'queued',
  'stamping',
  'stamped',
  'failed',
  'cancelled',
] as const;
export const ZBatchItemStatus = z.enum(BATCH_ITEM_STATUSES);
export type TBatchItemStatus = z.infer<typeof ZBatchItemStatus>;

/** How many files a batch has (`total`) and how many of them are in each status. */
export const ZBatchCounts = z.object(
  Object.fromEntries(
    ['total', ...BATCH_ITEM_STATUSES].map((key) => [key, z.number().int()]),
  ) as Record<'total' | TBatchItemStatus, z.ZodNumber>,
);
export type TBatchCounts = z.infer<typeof ZBatchCounts>;

export const ZBatch = z.object({
  id: z.number().int(),
  name: z.string(),
  status: ZBatchStatus,
  doc_type: z.string(),
  doc_value: z.number().int().nullable(),
  placement: ZBatchPlacement,
  /** The e-signature box of the batch's owner (signed before the stamp), or null. */
  esign: ZBatchPlacement.nullable(),
  template_id: z.number().int().nullable(),
  owner: z.string(),
  owner_id: z.number().int(),
  counts: ZBatchCounts,
  /** Units of e-Meterai the files still to stamp need, and what the payer holds now. */
  units_needed: z.number().int(),
  balance: z.number().int(),
  /** The same for e-signature units (0 needed without an e-signature box). */
  esign_units_needed: z.number().int(),
  esign_balance: z.number().int(),
  /** 0..100: finished documents (stamped, failed, cancelled) of the accepted ones. */
  progress: z.number(),
  /** Stamped files not filed in the owner's digital locker (each item says why: `locker_problem`). */
  locker_unfiled: z.number().int(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type TBatch = z.infer<typeof ZBatch>;

export const ZBatchItem = z.object({
  id: z.number().int(),
  file_name: z.string(),
  status: ZBatchItemStatus,
  reason: z.string().nullable(),
  document_id: z.number().int().nullable(),
  page_count: z.number().int().nullable(),
  serial_number: z.string().nullable(),
  stamped_at: z.string().nullable(),
  /** Per-file overrides from the batch's manifest (null: the batch's values apply). */
  doc_type: z.string().nullable(),
  doc_value: z.number().int().nullable(),
  doc_number: z.string().nullable(),
  doc_date: z.string().nullable(),
  /** Stamped, but not filed in the owner's digital locker, and why (null: filed, or no locker). */
  locker_problem: ZLockerFilingProblem.nullable(),
});
export type TBatchItem = z.infer<typeof ZBatchItem>;

export const BATCH_SORT_KEYS = ['name', 'date', 'status', 'total'] as const;
export type TBatchSortKey = (typeof BATCH_SORT_KEYS)[number];
export const ZBatchQuery = ZPageSortQuery(BATCH_SORT_KEYS);
export type TBatchQuery = z.infer<typeof ZBatchQuery>;

export const BATCH_ITEM_SORT_KEYS = ['file_name', 'status', 'id'] as const;
export type TBatchItemSortKey = (typeof BATCH_ITEM_SORT_KEYS)[number];
export const ZBatchItemQuery = ZPageSortQuery(BATCH_ITEM_SORT_KEYS).extend({
  status: ZBatchItemStatus.optional(),
});
export type TBatchItemQuery = z.infer<typeof ZBatchItemQuery>;

export const ZBatchList = ZEnvelope(z.object({ data: z.array(ZBatch), meta: ZPageMeta }));
export const ZBatchResponse = ZEnvelope(ZBatch);
/** Spec §3: the batch detail answers `data.data` (its documents, paged) beside the batch. */
export const ZBatchDetail = ZEnvelope(
  z.object({ batch: ZBatch, data: z.array(ZBatchItem), meta: ZPageMeta }),
);
export type TBatchDetail = z.infer<typeof ZBatchDetail>['data'];

export const ZBatchCreateRequest = z.object({
  /** Also the name of its locker folder and of its downloads: a file name's rule (`names.ts`). */
  name: ZFileName(2, 150),
  doc_type: z.string().min(1).max(10),
  doc_value: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  placement: ZBatchPlacement,
  /**
   * The caller's e-signature box (from a bulk template): every document is signed with the
   * caller's specimen first, then stamped. Needs a specimen (Master eSign).
   */
  esign: ZBatchPlacement.nullable().optional(),
  /** The caller confirms their name and NIK (needed when their first signature is in this batch). */
  identity_confirmed: z.boolean().optional(),
  /** The template the placement was taken from (kept for the record). */
  template_id: ZBodyId.nullable().optional(),
});
export type TBatchCreateRequest = z.infer<typeof ZBatchCreateRequest>;

export const ZBatchIdBody = z.object({ batch_id: ZBodyId });
/** `?batch_id=` of an upload: a query value, so text. */
export const ZBatchUploadQuery = z.object({ batch_id: ZDbId });
export const ZBatchItemResponse = ZEnvelope(ZBatchItem);

/** One row of a manifest: `applied` to its file, or `rejected` with the reasons. */
export const ZBatchManifestRow = z.object({
  row: z.number().int(),
  file_name: z.string(),
  status: z.enum(['applied', 'rejected']),
  reasons: z.array(z.string()),
});
export type TBatchManifestRow = z.infer<typeof ZBatchManifestRow>;
export const ZBatchManifestResponse = ZEnvelope(
  z.object({
    applied: z.number().int(),
    rejected: z.number().int(),
    rows: z.array(ZBatchManifestRow),
  }),
);
export type TBatchManifestResult = z.infer<typeof ZBatchManifestResponse>['data'];
/** What one ZIP of PDFs became: one item per PDF entry, and the entries refused with a reason. */
export const ZBatchZipResponse = ZEnvelope(
  z.object({
    items: z.array(ZBatchItem),
    refused: z.array(z.object({ file_name: z.string(), reason: z.string() })),
  }),
);
export type TBatchZipResult = z.infer<typeof ZBatchZipResponse>['data'];
