import type { Readable } from 'node:stream';
import type {
  TBatchCreateRequest,
  TBatchDetail,
  TBatchItemQuery,
  TBatchQuery,
} from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import { actorOf, canManage, payerOf, visibilityOf } from '../../lib/access.ts';
import { AppError, foundOr404 } from '../../lib/app-error.ts';
import type { TAuth } from '../../plugins/auth.ts';
import { findDocument } from '../documents/documents.repository.ts';
import type { TDocumentsService } from '../documents/documents.service.ts';
import { checkBatchBoxes, placementProblem } from './batch-boxes.ts';
import { originalKeyOf } from './batch-export.ts';
import * as manifestRepo from './batch-manifest.repository.ts';
import { planManifest, type TManifestRow } from './batch-manifest.ts';
import { toWireBatch, toWireItem } from './batch-mapper.ts';
import { balanceCache, balancesOf, requireBalance } from './batch-quota.ts';
import type { TBatchRunner } from './batch-runner.ts';
import { entryStream, planZip, zipEntryName } from './batch-zip.ts';
import * as repo from './batches.repository.ts';

export type TBatchesDeps = {
  db: TDb;
  documents: TDocumentsService;
  runner: TBatchRunner;
  documentTypes: () => Promise<{ kode: string; nama: string }[]>;
  maxFiles: number;
  /** Largest total of one batch's accepted files (BATCH_MAX_BYTES). */
  maxBatchBytes: number;
  /** Largest single PDF, and largest expanded total of one ZIP of PDFs. */
  maxFileBytes: number;
  maxZipBytes: number;
  /**
   * Whether a user can sign a batch: their default specimen exists, and their signing
   * certificate (issued at the first signature, after they confirm their name and NIK).
   */
  signer: {
    hasSpecimen: (userId: number) => Promise<boolean>;
    /** Refuses (409 IDENTITY_REQUIRED / 422 IDENTITY_INCOMPLETE) as the single signing flow does. */
    requireIdentity: (userId: number, identityConfirmed: boolean) => Promise<unknown>;
  };
};

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

export const createBatchesService = (deps: TBatchesDeps) => {
  const { db, documents, runner } = deps;

  const load = async (auth: TAuth, id: number) =>
    foundOr404(await repo.findVisible(db, visibilityOf(auth), id), 'Batch');

  /** A batch the caller may change: its owner, or an admin of its company. */
  const loadManaged = async (auth: TAuth, id: number) => {
    const row = await load(auth, id);
    if (!canManage(auth, row.batch))
      throw AppError.forbidden('Only the owner or a company admin can change this batch');
    return row;
  };

  const wire = async (row: { batch: repo.TBatchRow; owner: string }) =>
    toWireBatch(row.batch, row.owner, await balancesOf(db, row.batch));

  /**
   * A batch with an e-signature box signs as its owner: they need a specimen, and a certificate
   * or the confirmation of their name and NIK that issues it (as the single signing flow asks).
   */
  const checkSigner = async (auth: TAuth, identityConfirmed: boolean) => {
    if (!(await deps.signer.hasSpecimen(auth.userId)))
      throw new AppError(
        'UNPROCESSABLE',
        'Add your e-signature specimen in Master eSign (/master/esign) before signing a batch',
        { esign: 'no specimen' },
      );
    await deps.signer.requireIdentity(auth.userId, identityConfirmed);
  };

  const batchFull = () =>
    new AppError(
      'PAYLOAD_TOO_LARGE',
      `A batch holds at most ${sizeText(deps.maxBatchBytes)} of files`,
      { file: 'batch too large' },
    );

  const notStarted = () =>
    new AppError('CONFLICT', 'This batch cannot do that in its current status', {
      status: 'not allowed now',
    });

  const action = async (
    auth: TAuth,
    id: number,
    run: (batch: repo.TBatchRow) => Promise<repo.TBatchRow | undefined>,
  ) => {
    const { batch, owner } = await loadManaged(auth, id);
    const changed = await run(batch);
    if (!changed) throw notStarted();
    await runner.pump(changed.id);
    const finished = await runner.finishIfDone(changed.id);
    return toWireBatch(finished ?? changed, owner, await balancesOf(db, batch));
  };

  const start = (auth: TAuth, id: number) =>
    action(auth, id, async (batch) => {
      if (batch.status !== 'draft') return undefined;
      if (batch.countReady === 0)
        throw new AppError('CONFLICT', 'The batch has no files ready to stamp', {
          files: 'none ready',
        });
      await requireBalance(db, batch);
      return repo.transitionBatch(db, id, ['draft'], { status: 'running', startedAt: new Date() }, [
        ['ready', 'queued', { jobId: null }],
      ]);
    });

  /**
   * Adds one PDF to a batch: stored and checked by the documents' upload (`prepare` in the worker
   * pool), then the batch's box is checked against its pages. A file that fails either check is
   * kept in the batch as `rejected` with the reason (no document, nothing charged).
   */
  const addFile = async (
    auth: TAuth,
    batchId: number,
    file: { filename: string; stream: Readable },
    mode: 'draft' | 'process',
  ) => {
    const { batch } = await loadManaged(auth, batchId);
    const allowed: repo.TBatchRow['status'][] =
      mode === 'draft' ? ['draft'] : ['draft', 'running', 'paused'];
    if (!allowed.includes(batch.status))
      throw new AppError('CONFLICT', 'Files can only be added to a draft batch', {
        batch_id: batch.status,
      });
    if (batch.bytesTotal >= deps.maxBatchBytes) throw batchFull();
    const fileName = file.filename.replace(/[\\/\0]/g, '_').slice(0, 255) || 'document.pdf';
    let values: Parameters<typeof repo.insertItem>[4];
    let documentId: number | null = null;
    let sizeBytes = 0;
    try {
      const { answer: uploaded, ...stored } = await documents.uploadSized(auth, {
        filename: fileName,
        stream: file.stream,
      });
      sizeBytes = stored.sizeBytes;
      documentId = uploaded.document_id;
      // Scripts need a person's confirmation (single flow): such a file is stamped on its own.
      const problem =
        uploaded.javascript.count > 0
          ? 'The PDF contains JavaScript; stamp it on its own after checking it'
          : placementProblem(batch, {
              pageCount: uploaded.page_count,
              pages: uploaded.pages,
            });
      if (problem) {
        await documents.remove(auth, uploaded.document_id);
        documentId = null;
        sizeBytes = 0;
        values = { fileName, status: 'rejected', reason: problem, pageCount: uploaded.page_count };
      } else {
        const queued = mode === 'process' && batch.status !== 'draft';
        values = {
          fileName,
          status: queued ? 'queued' : 'ready',
          documentId,
          pageCount: uploaded.page_count,
        };
      }
    } catch (error) {
      if (!(error instanceof AppError) || !FILE_PROBLEMS.has(error.code)) throw error;
      values = { fileName, status: 'rejected', reason: error.message };
    }
    if (values.status === 'queued') await requireBalance(db, batch, 1);
    const limits = { maxFiles: deps.maxFiles, maxBytes: deps.maxBatchBytes };
    const item = await repo.insertItem(db, batchId, allowed, limits, values, sizeBytes);
    if (!item) {
      if (documentId !== null) await documents.remove(auth, documentId);
      const now = await repo.findBatch(db, batchId);
      if (now && allowed.includes(now.status)) {
        if (itemCount(now) < deps.maxFiles) throw batchFull();
        throw new AppError('PAYLOAD_TOO_LARGE', `A batch holds at most ${deps.maxFiles} files`, {
          file: 'too many files',
        });
      }
      throw new AppError('CONFLICT', 'Files can only be added to a draft batch', {
        batch_id: 'started',
      });
    }
    if (mode === 'process') {
      if (batch.status === 'draft' && item.status === 'ready') await start(auth, batchId);
      else await runner.pump(batchId);
    }
    // Started or pumped just now, the item may have moved on: read as it is; a draft's is as inserted.
    return toWireItem(mode === 'process' ? ((await repo.findItem(db, item.id)) ?? item) : item);
  };

  const onlyDraft = () =>
    new AppError('CONFLICT', 'Files can only be added to a draft batch', { batch_id: 'started' });

  /**
   * Checks a manifest (CSV or XLSX, read by `read` once the batch is known to be the caller's
   * draft) row by row and stores the overrides of the rows that pass.
   */
  const attachManifest = async (
    auth: TAuth,
    batchId: number,
    read: () => Promise<TManifestRow[]>,
  ) => {
    const { batch } = await loadManaged(auth, batchId);
    if (batch.status !== 'draft') throw onlyDraft();
    const table = await read();
    const codes = new Set((await deps.documentTypes()).map((t) => t.kode));
    const plan = planManifest(table, await manifestRepo.itemIdsByName(db, batchId), codes);
    if (!(await manifestRepo.storeOverrides(db, batchId, plan.overrides))) throw onlyDraft();
    return plan.report;
  };

  /**
   * Expands a ZIP (stored at `path`) into the draft batch: its directory is checked whole first
   * (see `planZip`), then each PDF entry is added exactly as an upload of that one file.
   */
  const addZip = async (auth: TAuth, batchId: number, path: string) => {
    const { batch } = await loadManaged(auth, batchId);
    if (batch.status !== 'draft') throw onlyDraft();
    const bytesLeft = Math.max(0, deps.maxBatchBytes - (await repo.batchBytes(db, batchId)));
    const plan = await planZip(path, {
      maxEntries: Math.max(0, deps.maxFiles - itemCount(batch)),
      maxEntryBytes: deps.maxFileBytes,
      maxTotalBytes: Math.min(deps.maxZipBytes, bytesLeft),
      totalProblem:
        bytesLeft < deps.maxZipBytes
          ? `the batch can take ${sizeText(bytesLeft)} more`
          : 'the expanded files are larger than the ZIP limit',
    });
    try {
      const items = [];
      for (const entry of plan.pdfs) {
        const stream = await entryStream(plan.zip, entry);
        const filename = zipEntryName(entry.fileName);
        items.push(await addFile(auth, batchId, { filename, stream }, 'draft'));
      }
      return { items, refused: plan.refused };
    } finally {
      plan.zip.close();
    }
  };

  return {
    attachManifest,
    addZip,
    list: async (auth: TAuth, query: TBatchQuery) => {
      const { rows, total } = await repo.pageOf(db, visibilityOf(auth), query);
      const balances = balanceCache(db);
      const data = [];
      for (const row of rows)
        data.push(toWireBatch(row.batch, row.owner, await balances(row.batch)));
      return { data, meta: { page: query.page, perPage: query.perPage, total } };
    },

    detail: async (auth: TAuth, id: number, query: TBatchItemQuery): Promise<TBatchDetail> => {
      const row = await load(auth, id);
      const { rows, total } = await repo.itemsPage(db, id, query);
      return {
        batch: await wire(row),
        data: rows.map(toWireItem),
        meta: { page: query.page, perPage: query.perPage, total },
      };
    },

    create: async (auth: TAuth, body: TBatchCreateRequest) => {
      await checkBatchBoxes(deps.documentTypes, body);
      if (body.esign) await checkSigner(auth, body.identity_confirmed === true);
      const actor = actorOf(auth);
      const batch = await repo.insertBatch(db, {
        companyId: auth.companyId,
        departementId: auth.departementId,
        ownerUserId: auth.userId,
        name: body.name,
        docType: body.doc_type,
        docValue: body.doc_value ?? null,
        placement: body.placement,
        esign: body.esign ?? null,
        templateId: body.template_id ?? null,
        actor,
        payer: payerOf(actor),
      });
      return wire({ batch, owner: (await load(auth, batch.id)).owner });
    },

    addFile,

    removeItem: async (auth: TAuth, itemId: number) => {
      const item = await repo.findItem(db, itemId);
      if (!item) throw AppError.notFound('Batch');
      await loadManaged(auth, item.batchId);
      const removed = await repo.deleteItem(db, itemId, ['ready', 'rejected']);
      if (!removed) throw notStarted();
      if (removed.documentId !== null) await documents.remove(auth, removed.documentId);
    },

    start,

    pause: (auth: TAuth, id: number) =>
      action(auth, id, () => repo.transitionBatch(db, id, ['running'], { status: 'paused' })),

    resume: (auth: TAuth, id: number) =>
      action(auth, id, () => repo.transitionBatch(db, id, ['paused'], { status: 'running' })),

    /** Not-started documents are cancelled (nothing charged); ones being stamped finish. */
    cancel: (auth: TAuth, id: number) =>
      action(auth, id, () =>
        repo.transitionBatch(
          db,
          id,
          ['draft', 'running', 'paused'],
          { status: 'cancelled', finishedAt: new Date() },
          [
            ['ready', 'cancelled'],
            ['queued', 'cancelled', { jobId: null }],
          ],
        ),
      ),

    retryFailed: (auth: TAuth, id: number) =>
      action(auth, id, async (batch) => {
        if (!['running', 'paused', 'done'].includes(batch.status) || batch.countFailed === 0)
          return undefined;
        await requireBalance(db, batch, batch.countFailed);
        return repo.transitionBatch(
          db,
          id,
          ['running', 'paused', 'done'],
          { status: batch.status === 'paused' ? 'paused' : 'running', finishedAt: null },
          [['failed', 'queued', { jobId: null, reason: null }]],
        );
      }),

    /** The batch for its ZIP or report (anyone who may see it). */
    forExport: load,

    /**
     * Backup: the original of one file, for whoever may see its batch (another company's or
     * another user's batch answers 404, as the batch does).
     */
    originalOf: async (auth: TAuth, itemId: number) => {
      const item = await repo.findItem(db, itemId);
      if (!item) throw AppError.notFound('Document');
      await load(auth, item.batchId);
      const doc = item.documentId === null ? undefined : await findDocument(db, item.documentId);
      if (!doc) throw AppError.notFound('Document');
      return { fileName: item.fileName, key: originalKeyOf(doc) };
    },
  };
};

export type TBatchesService = ReturnType<typeof createBatchesService>;
