import {
  LOCKER_TRASH_DAYS,
  type TLockerItem,
  type TLockerListing,
  type TLockerSort,
  type TLockerSpace,
} from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import type { TActor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import * as repo from './locker.repository.ts';
import {
  canManageSpace,
  insertNamedApart,
  lockerStatus,
  requireManage,
  rowAccount,
  scopeOf,
  spaceRef,
  storageUseOf,
  writableStatus,
} from './locker-access.ts';
import {
  descendantFolders,
  folderMapOf,
  pathOf,
  spaceOf,
  type TFolderMap,
  toWire,
  uniqueName,
} from './locker-mapper.ts';

type TOrderQuery = { sort: TLockerSort; order: 'asc' | 'desc'; search?: string | undefined };

const DAY_MS = 86_400_000;

export const createLockerService = (deps: { db: TDb; files: TFileStore }) => {
  const { db } = deps;

  const foldersOf = async (ref: repo.TSpaceRef) => folderMapOf(await repo.folders(db, ref));

  /** A visible live item, or 404 (another user's or company's item is never revealed). */
  const itemOf = async (auth: TActor, id: number, what: 'item' | 'folder' = 'item') => {
    const row = await repo.find(db, scopeOf(auth), id);
    if (!row || (what === 'folder' && row.kind !== 'folder')) {
      throw AppError.notFound(what === 'folder' ? 'Folder' : 'File');
    }
    return row;
  };

  const refOfRow = (auth: TActor, row: repo.TLockerRow) => spaceRef(auth, spaceOf(row));

  const wire = (auth: TActor, folders: TFolderMap) => (row: repo.TLockerRow) =>
    toWire(row, folders, canManageSpace(auth, spaceOf(row)));

  /** Checks that the plan allows writes and the caller manages the item's space. */
  const writable = async (auth: TActor, space: TLockerSpace) =>
    writableStatus(auth, space, await lockerStatus(db, auth));

  const listing = async (
    auth: TActor,
    ref: repo.TSpaceRef,
    folder: repo.TLockerRow | null,
    query: TOrderQuery,
  ): Promise<TLockerListing> => {
    const folders = await foldersOf(ref);
    const search = query.search?.trim();
    const rows = search
      ? await repo.search(
          db,
          ref,
          search,
          folder ? descendantFolders(folders, folder.id) : null,
          query,
        )
      : await repo.children(db, ref, folder?.id ?? null, query);
    const toItem = wire(auth, folders);
    return {
      space: ref.space,
      folder: folder ? toItem(folder) : null,
      breadcrumbs: folder
        ? [...pathOf(folders, folder.parentId), folder].map((f) => ({
            file_manager_id: f.id,
            name: f.name,
          }))
        : [],
      items: rows.map(toItem),
    };
  };

  /** A target folder for new or moved items: live, visible, a folder, in the same space. */
  const targetFolder = async (
    auth: TActor,
    ref: repo.TSpaceRef,
    parentId: number | null | undefined,
  ) => {
    if (parentId === null || parentId === undefined) return null;
    const parent = await itemOf(auth, parentId, 'folder');
    if (spaceOf(parent) !== ref.space) throw AppError.notFound('Folder');
    return parent;
  };

  /** Removes a trashed item for good: its rows, its stored files and their bytes. */
  const purgeRow = async (row: repo.TLockerRow) => {
    const rows = await repo.subtreeRows(db, row.id);
    const files = rows.filter((r) => r.kind === 'file');
    if (!(await repo.deleteRow(db, row.id))) return;
    const bytes = files.reduce((sum, f) => sum + f.sizeBytes, 0);
    if (bytes > 0) await repo.release(db, rowAccount(row), bytes);
    for (const file of files) {
      if (file.storageKey) await deps.files.delete(file.storageKey).catch(() => {});
    }
  };

  return {
    db,
    itemOf,
    writable,
    refOfRow,
    targetFolder,
    foldersOf,
    wire,

    storageUse: async (auth: TActor) => storageUseOf(await lockerStatus(db, auth), auth),

    list: async (
      auth: TActor,
      query: TOrderQuery & { space: TLockerSpace; dropdown?: boolean | undefined },
    ): Promise<TLockerListing> => {
      const ref = spaceRef(auth, query.space);
      if (!query.dropdown) return listing(auth, ref, null, query);
      const folders = await foldersOf(ref);
      const rows = await repo.list(db, ref, 'folder', query);
      const items = rows
        .map(wire(auth, folders))
        .sort((a, b) => [...a.path, a.name].join('/').localeCompare([...b.path, b.name].join('/')));
      return { space: ref.space, folder: null, breadcrumbs: [], items };
    },

    folder: async (auth: TActor, id: number, query: TOrderQuery) => {
      const folder = await itemOf(auth, id, 'folder');
      return listing(auth, refOfRow(auth, folder), folder, query);
    },

    createFolder: async (
      auth: TActor,
      body: { name: string; parent_id?: number | null | undefined; space: TLockerSpace },
    ) => {
      const ref = spaceRef(auth, body.space);
      await writable(auth, ref.space);
      const parent = await targetFolder(auth, ref, body.parent_id);
      const row = await insertNamedApart(db, auth, ref, parent?.id ?? null, {
        kind: 'folder',
        name: body.name,
      });
      return wire(auth, await foldersOf(ref))(row);
    },

    rename: async (auth: TActor, id: number, name: string): Promise<TLockerItem> => {
      const row = await itemOf(auth, id);
      const ref = refOfRow(auth, row);
      await writable(auth, ref.space);
      const renamed = await repo.inSpaceLock(db, ref, async (tx) => {
        const taken = await repo.namesIn(tx, ref, row.parentId, { name, kind: row.kind }, row.id);
        return repo.update(tx, row.id, { name: uniqueName(name, taken, row.kind) });
      });
      if (!renamed) throw AppError.notFound('File');
      return wire(auth, await foldersOf(ref))(renamed);
    },

    move: async (auth: TActor, ids: number[], parentId: number | null) => {
      const rows = await Promise.all([...new Set(ids)].map((id) => itemOf(auth, id)));
      const space = rows[0] ? spaceOf(rows[0]) : 'private';
      if (rows.some((r) => spaceOf(r) !== space)) {
        throw new AppError('BAD_REQUEST', 'Items can only be moved within one space', {
          ids: 'mixed spaces',
        });
      }
      const ref = spaceRef(auth, space);
      await writable(auth, space);
      const target = await targetFolder(auth, ref, parentId);
      const folders = await foldersOf(ref);
      const targetPath = target
        ? [...pathOf(folders, target.parentId), target].map((f) => f.id)
        : [];
      for (const row of rows) {
        if (row.kind === 'folder' && targetPath.includes(row.id)) {
          throw new AppError('BAD_REQUEST', 'A folder cannot be moved into itself', {
            parent_id: 'inside the moved folder',
          });
        }
      }
      const moved = await repo.inSpaceLock(db, ref, async (tx) => {
        const out: repo.TLockerRow[] = [];
        for (const row of rows) {
          if (row.parentId === (target?.id ?? null)) {
            out.push(row);
            continue;
          }
          const taken = await repo.namesIn(tx, ref, target?.id ?? null, row, row.id);
          const updated = await repo.update(tx, row.id, {
            parentId: target?.id ?? null,
            name: uniqueName(row.name, taken, row.kind),
          });
          if (updated) out.push(updated);
        }
        return out;
      });
      const toItem = wire(auth, await foldersOf(ref));
      return moved.map(toItem);
    },

    /** Moves an item (and what it holds) to the trash; a read-only locker refuses. */
    remove: async (auth: TActor, id: number) => {
      const row = await itemOf(auth, id);
      await writable(auth, spaceOf(row));
      await repo.trash(db, row.id, new Date());
      return row;
    },

    trash: async (auth: TActor) => {
      await purgeExpired(db, purgeRow);
      const rows = await repo.trashed(db, scopeOf(auth));
      return rows.map((row) => toWire(row, new Map(), canManageSpace(auth, spaceOf(row))));
    },

    restore: async (auth: TActor, id: number) => {
      const row = await repo.find(db, scopeOf(auth), id, 'any');
      if (!row?.trashedAt || !row.trashedRoot) throw AppError.notFound('File');
      const ref = refOfRow(auth, row);
      await writable(auth, ref.space);
      const trashedAt = row.trashedAt;
      const restored = await repo.inSpaceLock(db, ref, async (tx) => {
        const parent =
          row.parentId === null
            ? undefined
            : await repo.find(tx, scopeOf(auth), row.parentId, 'live');
        const parentId = parent ? parent.id : null;
        const taken = await repo.namesIn(tx, ref, parentId, row, row.id);
        const [updated] = await repo.restore(tx, row.id, trashedAt, {
          parentId,
          name: uniqueName(row.name, taken, row.kind),
        });
        return updated;
      });
      if (!restored) throw AppError.notFound('File');
      return wire(auth, await foldersOf(ref))(restored);
    },

    /** Deletes trashed items for good (the caller's own trash only). */
    purge: async (auth: TActor, ids: number[]) => {
      for (const id of new Set(ids)) {
        const row = await repo.find(db, scopeOf(auth), id, 'any');
        if (!row?.trashedAt || !row.trashedRoot) throw AppError.notFound('File');
        requireManage(auth, spaceOf(row));
        await purgeRow(row);
      }
    },

    purgeExpired: () => purgeExpired(db, purgeRow),
    purgeRow,
  };
};

/** Removes trash older than 30 days (run on trash views and by the daily job). */
const purgeExpired = async (
  db: TDb,
  purgeRow: (row: repo.TLockerRow) => Promise<void>,
  now = new Date(),
) => {
  const rows = await repo.expiredTrash(db, new Date(now.getTime() - LOCKER_TRASH_DAYS * DAY_MS));
  for (const row of rows) await purgeRow(row);
  return rows.length;
};

export type TLockerService = ReturnType<typeof createLockerService>;
