import type { TBulkTemplateSortKey } from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
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

/** SQL of the bulk templates; every statement is scoped by the session's company. */
export const createBulkTemplatesRepository = (db: TDb) => {
  // The list page, `find` (each row with its owner's name), update and remove, all scoped.
  const owned = ownedRowsOf(db, bulkTemplates, SORT_COLUMNS);

  return {
    page: owned.page,
    find: owned.find,

    insert: async (scope: TBulkTemplateScope, values: TBulkTemplateValues) => {
      const [row] = await db
        .insert(bulkTemplates)
        .values({ companyId: scope.companyId, ownerUserId: scope.userId, ...values })
        .returning({ id: bulkTemplates.id });
      if (!row) throw new Error('bulk template insert returned nothing');
      return row.id;
    },

    update: (scope: TBulkTemplateScope, id: number, values: TBulkTemplateValues) =>
      owned.update(scope, id, values),

    remove: owned.remove,
  };
};
