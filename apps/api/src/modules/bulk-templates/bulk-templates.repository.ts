import type { TBulkTemplateQuery, TBulkTemplateSortKey } from '@bubuh/contracts';
import { and, count, desc, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { bulkTemplates, users } from '../../db/schema.ts';
import { lowerOf, orderByOf, type TSortColumns } from '../../lib/sort.ts';

/** Whose bulk templates: the session's company (shared inside it), or a personal account's own. */
export type TBulkTemplateScope = { companyId: number | null; userId: number };
export type TBulkTemplateRow = { t: typeof bulkTemplates.$inferSelect; owner: string };
export type TBulkTemplateValues = Pick<
  typeof bulkTemplates.$inferInsert,
  'name' | 'docType' | 'docValue' | 'emeterai' | 'esign'
>;

const SORT_COLUMNS: TSortColumns<TBulkTemplateSortKey> = {
  name: lowerOf(bulkTemplates.name),
  date: bulkTemplates.createdAt,
};
const DEFAULT_ORDER = [desc(bulkTemplates.createdAt), desc(bulkTemplates.id)];

const scoped = (scope: TBulkTemplateScope): SQL =>
  (scope.companyId !== null
    ? eq(bulkTemplates.companyId, scope.companyId)
    : and(isNull(bulkTemplates.companyId), eq(bulkTemplates.ownerUserId, scope.userId))) as SQL;

/** SQL of the bulk templates; every statement is scoped by the session's company. */
export const createBulkTemplatesRepository = (db: TDb) => {
  const rows = (where: SQL | undefined, orderBy: SQL[]) =>
    db
      .select({ t: bulkTemplates, owner: users.fullName })
      .from(bulkTemplates)
      .innerJoin(users, eq(users.id, bulkTemplates.ownerUserId))
      .where(where)
      .orderBy(...orderBy);

  return {
    page: async (scope: TBulkTemplateScope, query: TBulkTemplateQuery) => {
      const where = and(
        scoped(scope),
        query.search
          ? ilike(bulkTemplates.name, `%${query.search.replace(/[%_\\]/g, '')}%`)
          : undefined,
      );
      const data = await rows(
        where,
        orderByOf(SORT_COLUMNS, query, bulkTemplates.id, DEFAULT_ORDER),
      )
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const [total] = await db.select({ n: count() }).from(bulkTemplates).where(where);
      return { data, total: total?.n ?? 0 };
    },

    find: async (scope: TBulkTemplateScope, id: number): Promise<TBulkTemplateRow | undefined> => {
      const [row] = await rows(and(eq(bulkTemplates.id, id), scoped(scope)), []);
      return row;
    },

    insert: async (scope: TBulkTemplateScope, values: TBulkTemplateValues) => {
      const [row] = await db
        .insert(bulkTemplates)
        .values({ companyId: scope.companyId, ownerUserId: scope.userId, ...values })
        .returning({ id: bulkTemplates.id });
      if (!row) throw new Error('bulk template insert returned nothing');
      return row.id;
    },

    update: async (scope: TBulkTemplateScope, id: number, values: TBulkTemplateValues) => {
      await db
        .update(bulkTemplates)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(bulkTemplates.id, id), scoped(scope)));
    },

    remove: async (scope: TBulkTemplateScope, id: number) => {
      await db.delete(bulkTemplates).where(and(eq(bulkTemplates.id, id), scoped(scope)));
    },
  };
};
