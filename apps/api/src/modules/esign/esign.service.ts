import { randomUUID } from 'node:crypto';
import type { TEsignQuery, TEsignSpecimen } from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import { AppError, foundOr404 } from '../../lib/app-error.ts';
import type { TAuth } from '../../plugins/auth.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import * as repo from './esign.repository.ts';
import { toTransparentSpecimen } from './specimen-image.ts';

export const MAX_SPECIMENS_PER_USER = 10;

const toWire = (row: repo.TSpecimenRow): TEsignSpecimen => ({
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
    const target = await repo.companyOfUser(db, userId);
    const admin = auth.role === 'admin' || auth.role === 'admin-company';
    if (!target || !admin || auth.companyId === null || target.companyId !== auth.companyId)
      throw AppError.notFound('User');
  };

  const loadOwn = async (auth: TAuth, id: number) =>
    foundOr404(await repo.findOwn(db, auth.userId, id), 'Esign');

  return {
    /** One page of a user's specimens; `search` matches the name. */
    list: async (auth: TAuth, userId: number, query: TEsignQuery) => {
      await canSee(auth, userId);
      const { rows, total } = await repo.page(db, userId, query);
      return {
        data: rows.map(toWire),
        meta: { page: query.page, perPage: query.perPage, total },
      };
    },

    /**
     * Stores the image first (slow, outside any lock), then counts and inserts under the user's
     * specimen lock: at most MAX_SPECIMENS_PER_USER and one default, also in parallel.
     */
    create: async (
      auth: TAuth,
      input: { bytes: Uint8Array; source: 'drawn' | 'upload'; name?: string | undefined },
    ) => {
      const image = await toTransparentSpecimen(input.bytes);
      const key = `specimens/${auth.userId}/${randomUUID()}.png`;
      await files.put(key, image.png);
      try {
        const row = await repo.insert(
          db,
          auth.userId,
          MAX_SPECIMENS_PER_USER,
          (used) => ({
            name: input.name?.trim() || `Specimen ${used + 1}`,
            source: input.source,
            fileKey: key,
            width: image.width,
            height: image.height,
          }),
          (limit) =>
            new AppError(
              'UNPROCESSABLE',
              `You can keep at most ${limit} specimens; delete one first`,
            ),
        );
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
      await repo.update(db, auth.userId, id, {
        name: patch.name,
        isDefault: patch.is_default === true,
      });
      return toWire(await loadOwn(auth, id));
    },

    remove: async (auth: TAuth, id: number) => {
      await loadOwn(auth, id);
      const gone = await repo.remove(db, auth.userId, id);
      if (!gone) throw AppError.notFound('Esign');
      await files.delete(gone.fileKey);
    },

    image: async (auth: TAuth, id: number) => {
      const row = await repo.findById(db, id);
      if (!row) throw AppError.notFound('Esign');
      await canSee(auth, row.userId);
      return files.get(row.fileKey);
    },
  };
};

export type TEsignService = ReturnType<typeof createEsignService>;
