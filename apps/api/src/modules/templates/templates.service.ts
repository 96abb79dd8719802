import type { TTemplate, TTemplateQuery, TTemplateSortKey } from '@bubuh/contracts';
import { and, count, desc, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { type TPlacements, templates, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { lowerOf, orderByOf, type TSortColumns } from '../../lib/sort.ts';
import type { TAuth } from '../../plugins/auth.ts';

type TTemplateInput = {
  name: string;
  type: 'Surat Dokumen' | 'Surat Berharga';
  emeterai: TPlacements['emeterai'];
  esign: TPlacements['esign'];
};

/** Company templates are shared inside the company; personal accounts keep their own. */
const scopeOf = (auth: TAuth): SQL =>
  (auth.companyId !== null
    ? eq(templates.companyId, auth.companyId)
    : and(isNull(templates.companyId), eq(templates.ownerUserId, auth.userId))) as SQL;

const SORT_COLUMNS: TSortColumns<TTemplateSortKey> = {
  name: lowerOf(templates.name),
  type: templates.type,
  date: templates.createdAt,
};
/** Default order of the list: newest first. */
const DEFAULT_ORDER = [desc(templates.createdAt), desc(templates.id)];

export const createTemplatesService = (deps: { db: TDb }) => {
  const { db } = deps;

  const rows = (where: SQL | undefined, orderBy: SQL[] = DEFAULT_ORDER) =>
    db
      .select({ t: templates, owner: users.fullName })
      .from(templates)
      .innerJoin(users, eq(users.id, templates.ownerUserId))
      .where(where)
      .orderBy(...orderBy);

  const toWire = ({
    t,
    owner,
  }: {
    t: typeof templates.$inferSelect;
    owner: string;
  }): TTemplate => ({
    id: t.id,
    name: t.name,
    type: t.type,
    emeterai: t.placements.emeterai,
    esign: t.placements.esign,
    owner,
    created_at: t.createdAt.toISOString(),
  });

  const get = async (auth: TAuth, id: number) => {
    const [row] = await rows(and(eq(templates.id, id), scopeOf(auth)));
    if (!row) throw AppError.notFound('Template');
    return row;
  };

  /** Only the owner or a company admin changes a shared template. */
  const canChange = (auth: TAuth, row: { t: typeof templates.$inferSelect }) => {
    const admin = auth.role === 'admin' || auth.role === 'admin-company';
    if (row.t.ownerUserId !== auth.userId && !admin)
      throw AppError.forbidden('Only the owner or a company admin can change this template');
  };

  return {
    list: async (auth: TAuth, query: TTemplateQuery) => {
      const where = and(
        scopeOf(auth),
        query.search ? ilike(templates.name, `%${query.search.replace(/[%_]/g, '')}%`) : undefined,
      );
      const data = await rows(where, orderByOf(SORT_COLUMNS, query, templates.id, DEFAULT_ORDER))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const [total] = await db.select({ n: count() }).from(templates).where(where);
      return {
        data: data.map(toWire),
        meta: { page: query.page, perPage: query.perPage, total: total?.n ?? 0 },
      };
    },
    get: async (auth: TAuth, id: number) => toWire(await get(auth, id)),
    create: async (auth: TAuth, input: TTemplateInput) => {
      const [row] = await db
        .insert(templates)
        .values({
          companyId: auth.companyId,
          ownerUserId: auth.userId,
          name: input.name,
          type: input.type,
          placements: { emeterai: input.emeterai, esign: input.esign },
        })
        .returning({ id: templates.id });
      return toWire(await get(auth, row?.id ?? -1));
    },
    update: async (auth: TAuth, id: number, input: TTemplateInput) => {
      canChange(auth, await get(auth, id));
      await db
        .update(templates)
        .set({
          name: input.name,
          type: input.type,
          placements: { emeterai: input.emeterai, esign: input.esign },
          updatedAt: new Date(),
        })
        .where(eq(templates.id, id));
      return toWire(await get(auth, id));
    },
    remove: async (auth: TAuth, id: number) => {
      canChange(auth, await get(auth, id));
      await db.delete(templates).where(eq(templates.id, id));
    },
    /** The e-Meterai placement of a template, for stamping with it. */
    emeteraiPlacement: async (auth: TAuth, id: number) => {
      const row = await get(auth, id);
      if (!row.t.placements.emeterai) {
        throw new AppError('VALIDATION_FAILED', 'This template has no e-Meterai placement', {
          template: 'no e-Meterai',
        });
      }
      return row.t.placements.emeterai;
    },
  };
};

export type TTemplatesService = ReturnType<typeof createTemplatesService>;
