import { z } from 'zod';
import { ZBodyId, ZDbId, ZEnvelope } from './envelope.ts';
import { ZFileName } from './names.ts';

/** Days a deleted locker item stays in the trash before it is removed for good. */
export const LOCKER_TRASH_DAYS = 30;

/** The locker's two spaces: a user's own, and the company's shared space (company admins manage it). */
export const ZLockerSpace = z.enum(['private', 'shared']);
export type TLockerSpace = z.infer<typeof ZLockerSpace>;

/**
 * A folder or file name: any Unicode, 1..255 characters, trimmed; no slash or backslash, no
 * control or text-direction characters, not `.` / `..`, no reserved device names (`names.ts`).
 */
export const ZLockerName = ZFileName();

export const ZLockerItem = z.object({
  file_manager_id: z.number().int(),
  name: z.string(),
  type: z.enum(['folder', 'file']),
  parent_id: z.number().int().nullable(),
  space: ZLockerSpace,
  /** Bytes (files); the total of its files for a folder. */
  size: z.number(),
  mime_type: z.string().nullable(),
  document_id: z.number().int().nullable(),
  serial_number: z.string().nullable(),
  /** Items directly inside (folders). */
  item_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  /** Folder names from the root down to the parent (search results and the picker). */
  path: z.array(z.string()),
  /** Whether the caller may rename, move or delete it (shared space: company admins). */
  can_manage: z.boolean(),
});
export type TLockerItem = z.infer<typeof ZLockerItem>;

export const ZLockerSort = z.enum(['name', 'date', 'size', 'type']);
export type TLockerSort = z.infer<typeof ZLockerSort>;

const ZFlag = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

export const ZLockerListQuery = z.object({
  /** `true`: every folder of the locker, flat with its path (the picker). */
  dropdown: ZFlag,
  space: ZLockerSpace.default('private'),
  /** Searches names across every folder of the space. */
  search: z.string().max(200).optional(),
  sort: ZLockerSort.default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});

export const ZLockerDownloadQuery = z.object({ inline: ZFlag });

export const ZLockerFolderQuery = z.object({
  search: z.string().max(200).optional(),
  sort: ZLockerSort.default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});

export const ZFileManagerParams = z.object({ file_manager_id: ZDbId });

export const ZLockerListing = z.object({
  space: ZLockerSpace,
  folder: ZLockerItem.nullable(),
  breadcrumbs: z.array(z.object({ file_manager_id: z.number().int(), name: z.string() })),
  items: z.array(ZLockerItem),
});
export type TLockerListing = z.infer<typeof ZLockerListing>;

export const ZLockerListResponse = ZEnvelope(ZLockerListing);
export const ZLockerItemResponse = ZEnvelope(ZLockerItem);
export const ZLockerItemsResponse = ZEnvelope(z.array(ZLockerItem));

export const ZCreateFolderRequest = z.object({
  name: ZLockerName,
  parent_id: ZBodyId.nullable().optional(),
  space: ZLockerSpace.default('private'),
});
export type TCreateFolderRequest = z.input<typeof ZCreateFolderRequest>;

export const ZRenameRequest = z.object({ file_manager_id: ZBodyId, name: ZLockerName });

export const ZMoveRequest = z.object({
  ids: z.array(ZBodyId).min(1).max(500),
  /** The target folder; null is the root of the items' space. */
  parent_id: ZBodyId.nullable(),
});

export const ZLockerIdsRequest = z.object({ ids: z.array(ZBodyId).min(1).max(500) });

/** The storage gauge (spec §3 `max_size_digital_loker`, `size_use_user`; bytes). */
export const ZStorageUse = z.object({
  is_digital_locker: z.boolean(),
  max_size_digital_loker: z.number(),
  size_use_user: z.number(),
  free_bytes: z.number(),
  expiry_digital_locker_date: z.string().nullable(),
  /** After the expiry date: view and download only. */
  read_only: z.boolean(),
  /** Company users also have the shared company space. */
  has_shared_space: z.boolean(),
  can_manage_shared: z.boolean(),
});
export type TStorageUse = z.infer<typeof ZStorageUse>;
export const ZStorageUseResponse = ZEnvelope(ZStorageUse);

/** What an upload may be (checked from the content, never the name). */
export const LOCKER_UPLOAD_KINDS = ['PDF', 'image', 'Office', 'text'] as const;

/** Where the user's stamped and signed documents are filed (default: the "e-Meterai" folder). */
export const ZFilingFolder = z.object({
  /** The chosen folder; null: the default "e-Meterai" folder (also when the chosen one is gone). */
  file_manager_id: ZDbId.nullable(),
  name: z.string(),
});
export type TFilingFolder = z.infer<typeof ZFilingFolder>;
export const ZFilingFolderResponse = ZEnvelope(ZFilingFolder);
export const ZSetFilingFolderRequest = z.object({
  /** A folder of the user's private locker; null: back to "e-Meterai". */
  file_manager_id: ZBodyId.nullable(),
});

/**
 * Why a stamped document was not filed in its digital locker (the stamp itself stands): `full`
 * (not enough storage left), `too_large` (above the locker's upload limit), `read_only` (the
 * locker expired) or `failed` (anything else).
 */
export const LOCKER_FILING_PROBLEMS = ['full', 'too_large', 'read_only', 'failed'] as const;
export const ZLockerFilingProblem = z.enum(LOCKER_FILING_PROBLEMS);
export type TLockerFilingProblem = z.infer<typeof ZLockerFilingProblem>;
