import { z } from 'zod';
import { ZBatchPlacement } from './batches.ts';
import { ZEnvelope, ZPageMeta, ZPageSortQuery } from './envelope.ts';
import { ZShownName } from './names.ts';

/**
 * A bulk template (issue 13): the defaults of a batch (document type and value) and its boxes,
 * each with a page anchor (a fixed page, the first or the last page), resolved per document when
 * the batch runs. `esign` is the e-signature of whoever runs the batch (their specimen): each
 * document is signed first and stamped last, as in the single flow.
 */
export const ZBulkTemplateRequest = z.object({
  name: ZShownName(2, 150),
  doc_type: z.string().min(1).max(10),
  doc_value: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  emeterai: ZBatchPlacement,
  esign: ZBatchPlacement.nullable().default(null),
});
export type TBulkTemplateRequest = z.infer<typeof ZBulkTemplateRequest>;

export const ZBulkTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  doc_type: z.string(),
  doc_value: z.number().int().nullable(),
  emeterai: ZBatchPlacement,
  esign: ZBatchPlacement.nullable(),
  owner: z.string(),
  owner_id: z.number().int(),
  created_at: z.string(),
});
export type TBulkTemplate = z.infer<typeof ZBulkTemplate>;

export const BULK_TEMPLATE_SORT_KEYS = ['name', 'date'] as const;
export type TBulkTemplateSortKey = (typeof BULK_TEMPLATE_SORT_KEYS)[number];
export const ZBulkTemplateQuery = ZPageSortQuery(BULK_TEMPLATE_SORT_KEYS);
export type TBulkTemplateQuery = z.infer<typeof ZBulkTemplateQuery>;
export const ZBulkTemplateList = ZEnvelope(
  z.object({ data: z.array(ZBulkTemplate), meta: ZPageMeta }),
);
export const ZBulkTemplateResponse = ZEnvelope(ZBulkTemplate);
