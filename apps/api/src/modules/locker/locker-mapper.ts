import { numberedName, type TLockerItem, type TLockerSpace } from '@bubuh/contracts';
import type { TLockerRow, TLockerRowWithCount } from './locker.repository.ts';

export type TFolderNode = { id: number; name: string; parentId: number | null };
export type TFolderMap = Map<number, TFolderNode>;

export const folderMapOf = (rows: TFolderNode[]): TFolderMap =>
  new Map(rows.map((row) => [row.id, row]));

/** Folder names from the root down to `parentId` (a cycle or a missing folder stops the walk). */
export const pathOf = (folders: TFolderMap, parentId: number | null): TFolderNode[] => {
  const path: TFolderNode[] = [];
  const seen = new Set<number>();
  let current = parentId === null ? undefined : folders.get(parentId);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    path.unshift(current);
    current = current.parentId === null ? undefined : folders.get(current.parentId);
  }
  return path;
};

/** The ids of a folder and every live folder below it. */
export const descendantFolders = (folders: TFolderMap, rootId: number): number[] => {
  const below = new Map<number, number[]>();
  for (const folder of folders.values()) {
    if (folder.parentId === null) continue;
    below.set(folder.parentId, [...(below.get(folder.parentId) ?? []), folder.id]);
  }
  const out: number[] = [];
  const queue = [rootId];
  while (queue.length > 0) {
    const id = queue.shift() as number;
    if (out.includes(id)) continue;
    out.push(id);
    queue.push(...(below.get(id) ?? []));
  }
  return out;
};

export const spaceOf = (row: TLockerRow): TLockerSpace =>
  row.ownerUserId === null ? 'shared' : 'private';

export const toWire = (
  row: TLockerRow | TLockerRowWithCount,
  folders: TFolderMap,
  canManage: boolean,
): TLockerItem => ({
  file_manager_id: row.id,
  name: row.name,
  type: row.kind,
  parent_id: row.parentId,
  space: spaceOf(row),
  size: row.sizeBytes,
  mime_type: row.mimeType,
  document_id: row.documentId,
  serial_number: row.serialNumber,
  item_count: 'itemCount' in row ? row.itemCount : 0,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  deleted_at: row.trashedAt ? row.trashedAt.toISOString() : null,
  path: pathOf(folders, row.parentId).map((f) => f.name),
  can_manage: canManage,
});

/**
 * The name to use in a folder that already holds `taken` (lower-cased): the name itself, or
 * "name (1)", "name (2)" … before the extension of a file ("report (1).pdf"), within 255
 * characters (a long stem is cut, the extension kept).
 */
export const uniqueName = (name: string, taken: Set<string>, kind: 'folder' | 'file'): string => {
  if (!taken.has(name.toLowerCase())) return name;
  for (let n = 1; ; n += 1) {
    const candidate = numberedName(name, n, kind);
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
};
