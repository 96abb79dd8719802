import { randomUUID } from 'node:crypto';
import type { TEsignQuery, TEsignSortKey, TEsignSpecimen } from '@bubuh/contracts';
import { and, asc, count, eq, ilike } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { esignSpecimens, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { lowerOf, orderByOf, type TSortColumns } from '../../lib/sort.ts';
import type { TAuth } from '../../plugins/auth.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import { toTransparentSpecimen } from './specimen-image.ts';

export const MAX_SPECIMENS_PER_USER = 10;

type TRow = typeof esignSpecimens.$inferSelect;

const SORT_COLUMNS: TSortColumns<TEsignSortKey> = {
  name: lowerOf(esignSpecimens.name),
  source: esignSpecimens.source,
  default: esignSpecimens.isDefault,
  created: esignSpecimens.createdAt,
};
/** Default order of the list: oldest first (as it always was). */
const DEFAULT_ORDER = [asc(esignSpecimens.id)];

const toWire = (row: TRow): TEsignSpecimen => ({
  id: row.id,
  user_id: row.userId,
  name: row.name,
  source: row.source,
  width: row.width,
  height: row.height,
  is_default: row.isDefault,
  image_url: `/api/v1/esign/${row.id}/image`,
  created_at: row.createdAt.toISOString(),
});

export const createEsignService = (deps: { db: TDb; files: TFileStore }) => {
  const { db, files } = deps;

  /** Own specimens, or those of a user of the caller's company for company admins; else 404. */
  const canSee = async (auth: TAuth, userId: number) => {
    if (auth.userId === userId) return;
    const [target] = await db
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.id, userId));
    const admin = auth.role === 'admin' || auth.role === 'admin-company';
    if (!target || !admin || auth.companyId === null || target.companyId !== auth.companyId)
      throw AppError.notFound('User');
  };

  const loadOwn = async (auth: TAuth, id: number) => {
    const [row] = await db
      .select()
      .from(esignSpecimens)
      .where(and(eq(esignSpecimens.id, id), eq(esignSpecimens.userId, auth.userId)));
    if (!row) throw AppError.notFound('Esign');
    return row;
  };

  return {
    /** One page of a user's specimens; `search` matches the name. */
    list: async (auth: TAuth, userId: number, query: TEsignQuery) => {
      await canSee(auth, userId);
      const where = and(
        eq(esignSpecimens.userId, userId),
        query.search
          ? ilike(esignSpecimens.name, `%${query.search.replace(/[%_]/g, '')}%`)
          : undefined,
      );
      const rows = await db
        .select()
        .from(esignSpecimens)
        .where(where)
        .orderBy(...orderByOf(SORT_COLUMNS, query, esignSpecimens.id, DEFAULT_ORDER))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const [total] = await db.select({ n: count() }).from(esignSpecimens).where(where);
      return {
        data: rows.map(toWire),
        meta: { page: query.page, perPage: query.perPage, total: total?.n ?? 0 },
      };
    },

    create: async (
      auth: TAuth,
      input: { bytes: Uint8Array; source: 'drawn' | 'upload'; name?: string | undefined },
    ) => {
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(esignSpecimens)
        .where(eq(esignSpecimens.userId, auth.userId));
      if (n >= MAX_SPECIMENS_PER_USER) {
        throw new AppError(
          'UNPROCESSABLE',
          `You can keep at most ${MAX_SPECIMENS_PER_USER} specimens; delete one first`,
        );
      }
      const image = await toTransparentSpecimen(input.bytes);
      const key = `specimens/${auth.userId}/${randomUUID()}.png`;
      await files.put(key, image.png);
      try {
        const [row] = await db
          .insert(esignSpecimens)
          .values({
            userId: auth.userId,
            name: input.name?.trim() || `Specimen ${n + 1}`,
            source: input.source,
            fileKey: key,
            width: image.width,
            height: image.height,
            isDefault: n === 0,
          })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        return toWire(row);
      } catch (error) {
        await files.delete(key);
        throw error;
      }
    },

    update: async (
      auth: TAuth,
      id: number,
      patch: { name?: string | undefined; is_default?: true | undefined },
    ) => {
      await loadOwn(auth, id);
      await db.transaction(async (tx) => {
        if (patch.is_default) {
          await tx
            .update(esignSpecimens)
            .set({ isDefault: false })
            .where(eq(esignSpecimens.userId, auth.userId));
        }
        await tx
          .update(esignSpecimens)
          .set({
            ...(patch.name ? { name: patch.name } : {}),
            ...(patch.is_default ? { isDefault: true } : {}),
            updatedAt: new Date(),
          })
          .where(eq(esignSpecimens.id, id));
      });
      return toWire(await loadOwn(auth, id));
    },

    remove: async (auth: TAuth, id: number) => {
      const row = await loadOwn(auth, id);
      await db.delete(esignSpecimens).where(eq(esignSpecimens.id, id));
      await files.delete(row.fileKey);
      if (row.isDefault) {
        const [next] = await db
          .select()
          .from(esignSpecimens)
          .where(eq(esignSpecimens.userId, auth.userId))
          .orderBy(asc(esignSpecimens.id))
          .limit(1);
        if (next)
          await db
            .update(esignSpecimens)
            .set({ isDefault: true })
            .where(eq(esignSpecimens.id, next.id));
      }
    },

    image: async (auth: TAuth, id: number) => {
      const [row] = await db.select().from(esignSpecimens).where(eq(esignSpecimens.id, id));
      if (!row) throw AppError.notFound('Esign');
      await canSee(auth, row.userId);
      return files.get(row.fileKey);
    },
  };
};

export type TEsignService = ReturnType<typeof createEsignService>;
