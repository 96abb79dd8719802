import type { TLockerFilingProblem } from '@bubuh/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { TActor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import * as repo from './locker.repository.ts';
import type { TLockerService } from './locker.service.ts';
import { accountOf, scopeOf, spaceRef, statusOf } from './locker-access.ts';
import type { TLockerFiles } from './locker-files.ts';
import { uniqueName } from './locker-mapper.ts';
import { DEFAULT_FILING_FOLDER } from './locker-settings.ts';

export type TFilingInput = {
  actor: TActor;
  documentId: number;
  /** The e-Meterai serial of a stamped document (null for a signature). */
  serialNumber: string | null;
  /** A folder of the actor's private locker (e.g. a batch's folder); default: the user's choice. */
  folderId?: number | null;
  /** A root folder of the actor's private locker by name, created if missing (a batch's name). */
  folderName?: string;
  /**
   * The document's file as the caller has just stored it (the stamp), with its bytes when at
   * hand: not read again.
   */
  file?: { fileName: string; currentKey: string; companyId: number | null; bytes?: Uint8Array };
};

/**
 * Files a finished document in its actor's locker; never throws (the stamp stays done). Answers
 * why the document was not filed when the actor has a locker (full, over its upload limit,
 * expired, or another failure), else null (filed, filed already, or no locker in the plan).
 */
export type TFileIntoLocker = (input: TFilingInput) => Promise<TLockerFilingProblem | null>;

/** The problem a failed store names: the locker's storage or upload limit, or another failure. */
const problemOf = (error: unknown): TLockerFilingProblem => {
  if (!(error instanceof AppError) || error.code !== 'PAYLOAD_TOO_LARGE') return 'failed';
  if (error.fields.file === 'storage limit') return 'full';
  return error.fields.file === 'too large' ? 'too_large' : 'failed';
};

/**
 * The automatic filing of stamped and signed documents: a copy of the document's current PDF in
 * the actor's private locker, with its serial and document id (the link back to its details).
 * Filing the same version again does nothing; a newer version (signed, then stamped) replaces the
 * earlier copy in the folder where it is now. Otherwise the folder the user chose for stamped
 * documents, or "e-Meterai" (also when the chosen folder is deleted). Without the locker in the plan, with the locker
 * read-only or full, nothing is filed (the stamp itself is never undone); the answer says why
 * when the actor has a locker, so the caller can tell them (a batch's items).
 */
export const createLockerFiling = (deps: {
  service: TLockerService;
  lockerFiles: TLockerFiles;
  files: TFileStore;
  log?: FastifyBaseLogger;
}) => {
  const { service, lockerFiles, files } = deps;
  const { db } = service;

  /**
   * A root folder of the actor's private locker with `name` (case-insensitively), created if
   * missing; `found` is what the caller has just read for it (undefined: not read yet).
   */
  const folderNamed = async (
    actor: TActor,
    name: string,
    found?: repo.TLockerRow | null,
  ): Promise<repo.TLockerRow> => {
    const ref = spaceRef(actor, 'private');
    const existing = found === undefined ? await repo.rootFolderNamed(db, ref, name) : found;
    if (existing) return existing;
    const values = {
      companyId: actor.companyId,
      ownerUserId: actor.userId,
      parentId: null,
      kind: 'folder' as const,
      name,
      createdBy: actor.userId,
    };
    // Another filing may create it at the same moment: the one whose insert lost reads it.
    const created = await repo.insertIfNameFree(db, ref, values);
    if (created) return created;
    const raced = await repo.rootFolderNamed(db, ref, name);
    if (raced) return raced;
    // A file of the root holds the name: the folder named apart from it, made by the first
    // filing under the space's lock and found there by every later one.
    return repo.inSpaceLock(db, ref, async (tx) => {
      const apart = await repo.rootFolderNamedApart(tx, ref, name);
      if (apart) return apart;
      const taken = await repo.namesIn(tx, ref, null, { kind: 'folder', name });
      return repo.insert(tx, { ...values, name: uniqueName(name, taken, 'folder') });
    });
  };

  /**
   * The folder a filing goes to, with its row when just read or created (the store does not read
   * it again): the caller's folder, a batch's folder, where the earlier copy is, the folder the
   * user chose, or the default one.
   */
  const targetOf = async (
    input: TFilingInput,
    existing: repo.TLockerRow | undefined,
    folder: repo.TLockerRow | undefined,
    chosen: repo.TLockerRow | undefined,
  ): Promise<{ id: number; row?: repo.TLockerRow }> => {
    if (input.folderId != null) return { id: input.folderId };
    const named = input.folderName
      ? await folderNamed(input.actor, input.folderName, folder ?? null)
      : undefined;
    if (named) return { id: named.id, row: named };
    if (existing && existing.trashedAt === null && existing.parentId !== null)
      return { id: existing.parentId };
    const row = chosen ?? (await folderNamed(input.actor, DEFAULT_FILING_FOLDER, folder ?? null));
    return { id: row.id, row };
  };

  const fileIntoLocker: TFileIntoLocker = async (input) => {
    const { actor, documentId } = input;
    try {
      // The locker's status, the earlier copy, the chosen folder and a batch's (or else the
      // default) folder in one read.
      const wanted =
        input.folderId == null ? (input.folderName ?? DEFAULT_FILING_FOLDER) : undefined;
      const ref = spaceRef(actor, 'private');
      const account = accountOf(actor);
      const state = await repo.filingState(db, scopeOf(actor), account, ref, documentId, wanted);
      const status = statusOf(state, account);
      if (!status.enabled) return null;
      if (status.readOnly) return 'read_only';
      // Only a document of the actor's own company (or, personal, of none) is filed.
      const handed = input.file?.companyId === actor.companyId ? input.file : undefined;
      const doc = handed ?? (await repo.documentFile(db, documentId, scopeOf(actor)));
      if (!doc) return null;
      const { copy: existing, folder, chosen } = state;
      if (existing && existing.sourceKey === doc.currentKey) return null;
      const target = await targetOf(input, existing, folder, chosen);
      const name = /\.pdf$/i.test(doc.fileName) ? doc.fileName : `${doc.fileName}.pdf`;
      await lockerFiles.store(
        actor,
        {
          name,
          source: handed?.bytes ?? (await files.stream(doc.currentKey)),
          parentId: target.id,
          space: 'private',
        },
        {
          documentId,
          serialNumber: input.serialNumber ?? existing?.serialNumber ?? null,
          sourceKey: doc.currentKey,
          // The stamped file just stored holds these bytes: the store copies it in place.
          ...(handed?.bytes ? { sameAs: handed.currentKey } : {}),
          knownType: 'application/pdf',
          // Just read above: not read again.
          status,
          ...(target.row ? { parent: target.row } : {}),
        },
      );
      if (existing) await service.purgeRow(existing);
      return null;
    } catch (error) {
      deps.log?.warn({ err: error, documentId }, 'document not filed in the digital locker');
      return problemOf(error);
    }
  };

  return { fileIntoLocker, folderNamed };
};

export type TLockerFiling = ReturnType<typeof createLockerFiling>;
