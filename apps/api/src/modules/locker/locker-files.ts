import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import {
  cleanFileName,
  type TLockerSpace,
  ZDbId,
  ZLockerName,
  ZLockerSpace,
} from '@bubuh/contracts';
import yazl from 'yazl';
import type { z } from 'zod';
import type { TActor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { FileTooLargeError, type TFileStore } from '../../storage/file-store.ts';
import * as repo from './locker.repository.ts';
import type { TLockerService } from './locker.service.ts';
import {
  accountOf,
  insertNamedApart,
  itemValues,
  megabytes,
  spaceRef,
  type TLockerStatus,
  writableStatus,
} from './locker-access.ts';
import { detectLockerType } from './locker-file-type.ts';
import { spaceOf } from './locker-mapper.ts';

export type TUploadInput = {
  filename: string;
  stream: Readable;
  parentId: string | undefined;
  space: string | undefined;
};

const field = <T>(schema: z.ZodType<T>, name: string, value: unknown, message: string): T => {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('VALIDATION_FAILED', message, { [name]: message });
  return result.data;
};

/** Share of the maximum after which a store tells the space's managers. */
const NEARLY_FULL = 0.9;

export type TLockerNearlyFull = {
  account: string;
  /** The private space's owner; null for the shared space (its company's admins). */
  ownerUserId: number | null;
  companyId: number | null;
  usedBytes: number;
  maxBytes: number;
};

/** Files in the locker: upload (type from content, storage limit), download and folder ZIPs. */
export const createLockerFiles = (deps: {
  service: TLockerService;
  files: TFileStore;
  uploadLimitBytes: number;
  /** A store took the account past 90 % of its maximum (e.g. a notice); never throws here. */
  onNearlyFull?: (event: TLockerNearlyFull) => Promise<void>;
}) => {
  const { service, files } = deps;
  const { db } = service;

  const checkNearlyFull = async (
    auth: TActor,
    space: TLockerSpace,
    account: string,
    usedBytes: number,
    maxBytes: number,
  ) => {
    if (!deps.onNearlyFull || maxBytes <= 0 || usedBytes <= maxBytes * NEARLY_FULL) return;
    await deps.onNearlyFull({
      account,
      ownerUserId: space === 'private' ? auth.userId : null,
      companyId: auth.companyId,
      usedBytes,
      maxBytes,
    });
  };

  /**
   * The store's copy of the stored file `from` at `key` when `bytes` (its content, in memory) fit
   * `limit`: no bytes written by this process (a hard link on disk, a server-side copy on S3).
   * Null when there is nothing to copy from, or the copy failed (the source gone): the bytes are
   * then written as they are.
   */
  const copyStored = async (
    from: string | undefined,
    bytes: Readable | Uint8Array,
    key: string,
    limit: number,
  ): Promise<{ size: number } | null> => {
    if (from === undefined || !(bytes instanceof Uint8Array)) return null;
    if (bytes.byteLength > limit) throw new FileTooLargeError(limit);
    try {
      await files.copy(from, key);
      return { size: bytes.byteLength };
    } catch {
      await files.delete(key).catch(() => {});
      return null;
    }
  };

  /**
   * Stores `source` as a new file of the space: streams it to the store (cut at the upload limit
   * or the free space), checks its type from the content, then adds its bytes to the account in
   * one conditional UPDATE; whatever fails removes the stored file.
   */
  const store = async (
    auth: TActor,
    input: {
      name: string;
      /** The file as a stream, or its bytes when in memory (a stamped file). */
      source: Readable | Uint8Array;
      parentId: number | null;
      space: TLockerSpace;
    },
    extra: {
      documentId?: number;
      serialNumber?: string | null;
      sourceKey?: string;
      /** A type the caller knows (a stamped PDF from the engine): no detection. */
      knownType?: string;
      /** The locker's status the caller has just read (automatic filing): not read again. */
      status?: TLockerStatus;
      /** The folder `parentId` names, as the caller has just read it: not read again. */
      parent?: repo.TLockerRow;
      /** A stored file holding exactly the bytes of `input.source`: copied in storage. */
      sameAs?: string;
    } = {},
  ): Promise<repo.TLockerRow> => {
    const status = extra.status
      ? writableStatus(auth, input.space, extra.status)
      : await service.writable(auth, input.space);
    const ref = spaceRef(auth, input.space);
    const parent =
      extra.parent?.id === input.parentId
        ? extra.parent
        : await service.targetFolder(auth, ref, input.parentId);
    const free = Math.max(0, status.maxBytes - status.usedBytes);
    const limit = Math.min(deps.uploadLimitBytes, free);
    const key = `locker/${randomUUID()}/file`;
    let size: number;
    try {
      const copied = await copyStored(extra.sameAs, input.source, key, limit);
      ({ size } = copied ?? (await files.put(key, input.source, { maxBytes: limit })));
    } catch (error) {
      await files.delete(key).catch(() => {});
      if (error instanceof FileTooLargeError)
        throw tooLarge(limit === free, free, deps.uploadLimitBytes);
      throw error;
    }
    try {
      const mime = extra.knownType ?? (await detectLockerType(() => files.stream(key), input.name));
      if (!mime) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'The locker keeps PDF, images, Office documents and plain text only',
          { file: 'type not allowed (checked from the content)' },
        );
      }
      const account = accountOf(auth);
      const item = {
        kind: 'file' as const,
        name: input.name,
        storageKey: key,
        sizeBytes: size,
        mimeType: mime,
        documentId: extra.documentId ?? null,
        serialNumber: extra.serialNumber ?? null,
        sourceKey: extra.sourceKey ?? null,
      };
      // The bytes reserved and the file inserted in one statement while its name is free.
      const first = await repo.insertReserving(
        db,
        ref,
        itemValues(auth, ref, parent?.id ?? null, item),
        { account, bytes: size, max: status.maxBytes },
      );
      if (first === 'full') {
        throw tooLarge(true, Math.max(0, status.maxBytes - (await repo.used(db, account))), 0);
      }
      let row: repo.TLockerRow;
      let usedBytes: number;
      if (first === 'taken') {
        // Its name is taken: named apart under the space's lock, the bytes already reserved.
        try {
          row = await insertNamedApart(db, auth, ref, parent?.id ?? null, item);
        } catch (error) {
          await repo.release(db, account, size);
          throw error;
        }
        usedBytes = await repo.used(db, account);
      } else {
        ({ row, usedBytes } = first);
      }
      await checkNearlyFull(auth, input.space, account, usedBytes, status.maxBytes).catch(
        () => undefined,
      );
      return row;
    } catch (error) {
      await files.delete(key).catch(() => {});
      throw error;
    }
  };

  return {
    store,

    upload: async (auth: TActor, input: TUploadInput) => {
      const space = field(
        ZLockerSpace,
        'space',
        input.space ?? 'private',
        'space: private or shared',
      );
      const parentId =
        input.parentId === undefined || input.parentId === '' || input.parentId === 'null'
          ? null
          : field(ZDbId, 'parent_id', input.parentId, 'parent_id: a folder id');
      const named = ZLockerName.safeParse(input.filename);
      if (!named.success) {
        // The field says why (a slash, a text-direction character, too long …).
        throw new AppError('VALIDATION_FAILED', 'The file name is not allowed', {
          file: named.error.issues[0]?.message ?? 'invalid',
        });
      }
      const name = named.data;
      const row = await store(auth, { name, source: input.stream, parentId, space });
      return service.wire(auth, await service.foldersOf(service.refOfRow(auth, row)))(row);
    },

    download: async (auth: TActor, id: number) => {
      const row = await service.itemOf(auth, id);
      if (row.kind !== 'file' || !row.storageKey) throw AppError.notFound('File');
      return {
        name: row.name,
        mime: row.mimeType ?? 'application/octet-stream',
        size: row.sizeBytes,
        stream: await files.stream(row.storageKey),
      };
    },

    /**
     * A folder as a ZIP, streamed: entries are opened one at a time as the archive reaches them
     * (yazl `addReadStreamLazy`), so a large folder never sits in memory.
     */
    zip: async (auth: TActor, id: number) => {
      const folder = await service.itemOf(auth, id, 'folder');
      const rows = (await repo.subtreeRows(db, folder.id)).filter((r) => r.trashedAt === null);
      const byId = new Map(rows.map((r) => [r.id, r]));
      // Each name one entry segment: an older row's slash or control character cannot add one.
      const entryName = (row: repo.TLockerRow) => cleanFileName(row.name, `item-${row.id}`);
      const pathOf = (row: repo.TLockerRow): string => {
        const parts = [entryName(row)];
        let current = row.parentId === null ? undefined : byId.get(row.parentId);
        while (current && current.id !== folder.id) {
          parts.unshift(entryName(current));
          current = current.parentId === null ? undefined : byId.get(current.parentId);
        }
        return parts.join('/');
      };
      const zip = new yazl.ZipFile();
      for (const row of rows) {
        if (row.id === folder.id) continue;
        if (row.kind === 'folder') {
          zip.addEmptyDirectory(pathOf(row), { mtime: row.updatedAt });
        } else if (row.storageKey) {
          const key = row.storageKey;
          zip.addReadStreamLazy(
            pathOf(row),
            { mtime: row.updatedAt, size: row.sizeBytes },
            (cb) => {
              files.stream(key).then(
                (stream) => cb(null, stream),
                (error: unknown) => cb(error, new PassThrough()),
              );
            },
          );
        }
      }
      zip.end();
      const output = new PassThrough();
      zip.outputStream.pipe(output);
      zip.on('error', (error: Error) => output.destroy(error));
      return { name: `${folder.name}.zip`, stream: output, space: spaceOf(folder) };
    },
  };
};

const tooLarge = (byStorage: boolean, free: number, uploadLimit: number) =>
  byStorage
    ? new AppError(
        'PAYLOAD_TOO_LARGE',
        `Not enough storage in the locker: ${megabytes(free)} MB free`,
        {
          file: 'storage limit',
          free_bytes: free,
        },
      )
    : new AppError(
        'PAYLOAD_TOO_LARGE',
        `The file is larger than ${Math.round(uploadLimit / 1_048_576)} MB`,
        { file: 'too large' },
      );

export type TLockerFiles = ReturnType<typeof createLockerFiles>;
