import type { TBulkTemplateSortKey } from '@bubuh/contracts';
import { ownedRowsOf, type TOwnedScope } from '../../db/owned-rows.ts';
import { bulkTemplates } from '../../db/schema.ts';
import { lowerOf, type TSortColumns } from '../../lib/sort.ts';

/** Whose bulk templates: the session's company (shared inside it), or a personal account's own. */
export type TBulkTemplateScope = TOwnedScope;
export type TBulkTemplateRow = { t: typeof bulkTemplates.$inferSelect; owner: string };
export type TBulkTemplateValues = Pick<
  typeof bulkTemplates.$inferInsert,
  'name' | 'docType' | 'docValue' | 'emeterai' | 'esign'
>;

const SORT_COLUMNS: TSortColumns<TBulkTemplateSortKey> = {
  name: lowerOf(bulkTemplates.name),
  date: bulkTemplates.createdAt,
};

/**
 * SQL of the bulk templates, every statement scoped by the session's company: the list page,
 * `find` (each row with its owner's name), insert, update and remove.
 */
export const { page, find, insert, update, remove } = ownedRowsOf<
  typeof bulkTemplates,
  TBulkTemplateSortKey,
  TBulkTemplateValues
>(bulkTemplates, SORT_COLUMNS);
