import type { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error.ts';
import { isDatabaseAnswer } from '../../lib/db-errors.ts';
import type { TAuth } from '../../plugins/auth.ts';
import type { TAuditRecord } from '../audit/index.ts';
import type { TDocumentInsert } from '../documents/index.ts';
import { storedFileName } from '../documents/index.ts';
import { placementProblem } from './batch-boxes.ts';
import type { TBatchesDeps } from './batch-deps.ts';
import * as itemsRepo from './batch-items.repository.ts';
import { toWireItem } from './batch-mapper.ts';
import { requireBalance } from './batch-quota.ts';
import { entryStream, planZip, zipEntryName } from './batch-zip.ts';
import * as repo from './batches.repository.ts';

const itemCount = (batch: repo.TBatchRow) =>
  batch.countReady +
  batch.countRejected +
  batch.countQueued +
  batch.countStamping +
  batch.countStamped +
  batch.countFailed +
  batch.countCancelled;

/** A size for a message: whole MB, or KB below one MB. */
const sizeText = (bytes: number) =>
  bytes >= 1_048_576 ? `${Math.floor(bytes / 1_048_576)} MB` : `${Math.floor(bytes / 1024)} KB`;

/** Upload refusals that belong to the file (recorded as `rejected`), not to the request. */
const FILE_PROBLEMS = new Set(['UNPROCESSABLE', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE']);

/**
 * Entries of one ZIP stored and checked at once: enough to keep the worker pool's `prepare`, the
 * disk and the database busy together, while their items are still written in the ZIP's order.
 */
const ZIP_FILES_AT_ONCE = 4;

/**
 * A file stored and checked for a batch, not yet its item: with `document`, the row its item
 * inserts with it (`insertItem`) and how to remove the stored files when it is not written.
 */
type TStoredFile = {
  values: Parameters<typeof repo.insertItem>[4];
  sizeBytes: number;
  document?: { values: TDocumentInsert; record: TAuditRecord; discard: () => Promise<void> };
};

export const onlyDraft = () =>
  new AppError('CONFLICT', 'Files can only be added to a draft batch', { batch_id: 'started' });

/** What adding files needs of the batches service: its access check. */
type TBatchFilesOps = {
  loadManaged: (auth: TAuth, id: number) => Promise<{ batch: repo.TBatchRow }>;
};

/**
 * Files into a batch: one upload (`addFile`, also the upload that starts the batch) or one ZIP
 * of PDFs (`addZip`). Each file is stored and checked first, then recorded as the batch's item.
 */
export const createBatchFiles = (deps: TBatchesDeps, { loadManaged }: TBatchFilesOps) => {
  const { db, documents, runner } = deps;

  const batchFull = () =>
    new AppError(
      'PAYLOAD_TOO_LARGE',
      `A batch holds at most ${sizeText(deps.maxBatchBytes)} of files`,
      { file: 'batch too large' },
    );

  /** Where a file may be added: a draft batch; an upload that also starts, a running one too. */
  const allowedFor = (mode: 'draft' | 'process'): repo.TBatchRow['status'][] =>
    mode === 'draft' ? ['draft'] : ['draft', 'running', 'paused'];

  /**
   * One PDF stored and checked for a batch: the documents' upload (`receive`: `prepare` in the
   * worker pool), then the batch's box against its pages. A file that fails either check becomes
   * a `rejected` item with the reason (no document, nothing charged). Nothing is written to the
   * database yet: the document row comes with the item (`recordFile`).
   */
  const storeFile = async (
    auth: TAuth,
    batch: repo.TBatchRow,
    file: { filename: string; stream: Readable },
    mode: 'draft' | 'process',
  ) => {
    const fileName = storedFileName(file.filename);
    try {
      const document = await documents.receive(auth, { filename: fileName, stream: file.stream });
      const { pageCount, pages, javascriptCount, sizeBytes } = document.values;
      // Scripts need a person's confirmation (single flow): such a file is stamped on its own.
      const problem =
        javascriptCount > 0
          ? 'The PDF contains JavaScript; stamp it on its own after checking it'
          : placementProblem(batch, { pageCount, pages });
      if (problem) {
        await document.discard();
        return {
          values: { fileName, status: 'rejected', reason: problem, pageCount },
          sizeBytes: 0,
        } satisfies TStoredFile;
      }
      // An upload that also starts queues its file as it is recorded (`recordQueued`).
      return {
        values: { fileName, status: mode === 'process' ? 'queued' : 'ready', pageCount },
        sizeBytes,
        document,
      } satisfies TStoredFile;
    } catch (error) {
      if (!(error instanceof AppError) || !FILE_PROBLEMS.has(error.code)) throw error;
      return {
        values: { fileName, status: 'rejected', reason: error.message },
        sizeBytes: 0,
      } satisfies TStoredFile;
    }
  };

  /** Why the batch refused a file it had room for a moment ago (nothing of the file kept). */
  const refusal = (reason: 'status' | 'files' | 'bytes') => {
    if (reason === 'status') return onlyDraft();
    if (reason === 'bytes') return batchFull();
    return new AppError('PAYLOAD_TOO_LARGE', `A batch holds at most ${deps.maxFiles} files`, {
      file: 'too many files',
    });
  };

  /**
   * The upload that also starts: the stored file is queued and a draft batch started, in one
   * transaction under the batch's lock (`insertQueuedItem`) that first checks the payer's balance
   * covers the batch's documents still to do plus this file (`requireBalance`): parallel calls
   * are checked one after the other, each for its own unit. Refused (422 with both numbers, or a
   * limit), nothing is written and the stored files are removed.
   */
  const recordQueued = async (batch: repo.TBatchRow, stored: TStoredFile) => {
    const { values, sizeBytes, document } = stored;
    const recorded = await repo
      .insertQueuedItem(
        db,
        batch.id,
        allowedFor('process'),
        { maxFiles: deps.maxFiles, maxBytes: deps.maxBatchBytes },
        values,
        sizeBytes,
        document,
        (tx, locked) => requireBalance(tx, locked, 1),
      )
      .catch(async (error: unknown) => {
        // Refused by the check, or failed in the database: nothing written. A lost connection
        // may have kept the item.
        if (error instanceof AppError || isDatabaseAnswer(error)) await document?.discard();
        throw error;
      });
    if (recorded.refused) {
      await document?.discard();
      throw refusal(recorded.refused);
    }
    if (recorded.started) await runner.pump(batch.id);
    else await runner.pumpQueued(batch.id);
    return toWireItem(recorded.item);
  };

  /**
   * A stored file becomes the batch's item, with its document row in the same statement: the
   * batch's status, file count and bytes are checked by the insert itself. Refused there (or
   * failing), nothing is written, the stored files are removed and the reason thrown. A file the
   * upload that also starts queues goes through `recordQueued`.
   */
  const recordFile = async (
    _auth: TAuth,
    batch: repo.TBatchRow,
    stored: TStoredFile,
    mode: 'draft' | 'process',
  ) => {
    const { values, sizeBytes, document } = stored;
    if (mode === 'process' && values.status === 'queued') return recordQueued(batch, stored);
    const allowed = allowedFor(mode);
    const limits = { maxFiles: deps.maxFiles, maxBytes: deps.maxBatchBytes };
    const item = await repo
      .insertItem(db, batch.id, allowed, limits, values, sizeBytes, document)
      .catch(async (error: unknown) => {
        // Failed in the database: nothing written. A lost connection may have kept the item.
        if (isDatabaseAnswer(error)) await document?.discard();
        throw error;
      });
    if (!item) {
      await document?.discard();
      const now = await repo.findBatch(db, batch.id);
      if (!now || !allowed.includes(now.status)) throw refusal('status');
      throw refusal(itemCount(now) < deps.maxFiles ? 'bytes' : 'files');
    }
    // A rejected file of an upload that also starts: the batch's queued files may go on.
    if (mode === 'process') await runner.pumpQueued(batch.id);
    // As inserted: `ready` in a draft, `rejected` with its reason.
    return toWireItem(item);
  };

  /** Adds one PDF to a batch: stored and checked (`storeFile`), then recorded (`recordFile`). */
  const addFile = async (
    auth: TAuth,
    batchId: number,
    file: { filename: string; stream: Readable },
    mode: 'draft' | 'process',
  ) => {
    const { batch } = await loadManaged(auth, batchId);
    if (!allowedFor(mode).includes(batch.status))
      throw new AppError('CONFLICT', 'Files can only be added to a draft batch', {
        batch_id: batch.status,
      });
    if (batch.bytesTotal >= deps.maxBatchBytes) throw batchFull();
    return recordFile(auth, batch, await storeFile(auth, batch, file, mode), mode);
  };

  /**
   * Expands a ZIP (stored at `path`) into the draft batch: its directory is checked whole first
   * (see `planZip`), then each PDF entry is added as an upload of that one file. Up to
   * `ZIP_FILES_AT_ONCE` entries are stored and checked at once (the worker pool's `prepare` and
   * the database overlap); they become items in the ZIP's order. When one fails, the entries
   * stored ahead of it are removed again, so the batch holds exactly the files before it.
   */
  const addZip = async (auth: TAuth, batchId: number, path: string) => {
    const { batch } = await loadManaged(auth, batchId);
    if (batch.status !== 'draft') throw onlyDraft();
    const bytesLeft = Math.max(0, deps.maxBatchBytes - (await itemsRepo.batchBytes(db, batchId)));
    const plan = await planZip(path, {
      maxEntries: Math.max(0, deps.maxFiles - itemCount(batch)),
      maxEntryBytes: deps.maxFileBytes,
      maxTotalBytes: Math.min(deps.maxZipBytes, bytesLeft),
      totalProblem:
        bytesLeft < deps.maxZipBytes
          ? `the batch can take ${sizeText(bytesLeft)} more`
          : 'the expanded files are larger than the ZIP limit',
    });
    const { pdfs } = plan;
    const stored: Promise<TStoredFile>[] = [];
    const storeEntry = async (index: number) => {
      const entry = pdfs[index];
      if (!entry) throw new Error('no such entry');
      const stream = await entryStream(plan.zip, entry);
      return storeFile(auth, batch, { filename: zipEntryName(entry.fileName), stream }, 'draft');
    };
    /** Entries up to `until` are being stored (the next ones in the ZIP's order). */
    const storeAhead = (until: number) => {
      while (stored.length < Math.min(pdfs.length, until)) {
        const storing = storeEntry(stored.length);
        // Awaited in order below (or by the clean-up): not an unhandled rejection meanwhile.
        storing.catch(() => undefined);
        stored.push(storing);
      }
    };
    const items: Awaited<ReturnType<typeof recordFile>>[] = [];
    try {
      for (let index = 0; index < pdfs.length; index += 1) {
        storeAhead(index + ZIP_FILES_AT_ONCE);
        const storing = stored[index];
        if (!storing) break;
        items.push(await recordFile(auth, batch, await storing, 'draft'));
      }
      return { items, refused: plan.refused };
    } catch (error) {
      // Entries stored ahead of the one that failed hold files that no item names.
      for (const ahead of stored.slice(items.length + 1)) {
        const file = await ahead.catch(() => null);
        await file?.document?.discard().catch(() => undefined);
      }
      throw error;
    } finally {
      plan.zip.close();
    }
  };

  return { addFile, addZip };
};
