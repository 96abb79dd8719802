import type { TTemplateQuery, TTemplateSortKey } from '@bubuh/contracts';
import { and, asc, count, desc, eq, ilike, inArray, isNull, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import {
  departements,
  esignSpecimens,
  type TPlacements,
  templates,
  users,
} from '../../db/schema.ts';
import { lowerOf, orderByOf, type TSortColumns } from '../../lib/sort.ts';

export type { TPlacements };

/** Whose templates: the session's company (shared inside it), or a personal account's own. */
export type TTemplateScope = { companyId: number | null; userId: number };
export type TTemplateRow = { t: typeof templates.$inferSelect; owner: string };
type TTemplateValues = {
  name: string;
  type: 'Surat Dokumen' | 'Surat Berharga';
  placements: TPlacements;
};

const SORT_COLUMNS: TSortColumns<TTemplateSortKey> = {
  name: lowerOf(templates.name),
  type: templates.type,
  date: templates.createdAt,
};
/** Default order of the list: newest first. */
const DEFAULT_ORDER = [desc(templates.createdAt), desc(templates.id)];

const scopeOf = (scope: TTemplateScope): SQL =>
  (scope.companyId !== null
    ? eq(templates.companyId, scope.companyId)
    : and(isNull(templates.companyId), eq(templates.ownerUserId, scope.userId))) as SQL;

/** SQL of the templates module; every statement is scoped by the session's company. */
export const createTemplatesRepository = (db: TDb) => {
  const rows = (where: SQL | undefined, orderBy: SQL[]) =>
    db
      .select({ t: templates, owner: users.fullName })
      .from(templates)
      .innerJoin(users, eq(users.id, templates.ownerUserId))
      .where(where)
      .orderBy(...orderBy);

  return {
    /** One page of the scope's templates, in the validated `sort`/`order` of the request. */
    page: async (scope: TTemplateScope, query: TTemplateQuery) => {
      const where = and(
        scopeOf(scope),
        query.search ? ilike(templates.name, `%${query.search.replace(/[%_]/g, '')}%`) : undefined,
      );
      const data = await rows(where, orderByOf(SORT_COLUMNS, query, templates.id, DEFAULT_ORDER))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const [total] = await db.select({ n: count() }).from(templates).where(where);
      return { data, total: total?.n ?? 0 };
    },

    find: async (scope: TTemplateScope, id: number): Promise<TTemplateRow | undefined> => {
      const [row] = await rows(and(eq(templates.id, id), scopeOf(scope)), []);
      return row;
    },

    /** Active users among `ids` with their company (deactivated accounts sign nothing). */
    usersByIds: (ids: number[]) =>
      db
        .select({ id: users.id, companyId: users.companyId })
        .from(users)
        .where(and(inArray(users.id, ids), isNull(users.deactivatedAt))),

    specimensByIds: (ids: number[]) =>
      db
        .select({ id: esignSpecimens.id, userId: esignSpecimens.userId })
        .from(esignSpecimens)
        .where(inArray(esignSpecimens.id, ids)),

    insert: async (scope: TTemplateScope, values: TTemplateValues) => {
      const [row] = await db
        .insert(templates)
        .values({ companyId: scope.companyId, ownerUserId: scope.userId, ...values })
        .returning({ id: templates.id });
      return row?.id ?? -1;
    },

    update: async (scope: TTemplateScope, id: number, values: TTemplateValues) => {
      await db
        .update(templates)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(templates.id, id), scopeOf(scope)));
    },

    remove: async (scope: TTemplateScope, id: number) => {
      await db.delete(templates).where(and(eq(templates.id, id), scopeOf(scope)));
    },

    /**
     * Who can be chosen as a signer: the active users of the company (a personal account only
     * itself), with what choosing needs (name and department), not their e-mail addresses.
     */
    signers: (scope: TTemplateScope) =>
      db
        .select({
          id: users.id,
          fullName: users.fullName,
          departement_name: departements.name,
        })
        .from(users)
        .leftJoin(departements, eq(departements.id, users.departementId))
        .where(
          and(
            scope.companyId !== null
              ? eq(users.companyId, scope.companyId)
              : eq(users.id, scope.userId),
            isNull(users.deactivatedAt),
          ),
        )
        .orderBy(asc(users.fullName), asc(users.id))
        .limit(500),
  };
};
