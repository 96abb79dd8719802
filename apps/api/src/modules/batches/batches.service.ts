import type {
  TBatchCreateRequest,
  TBatchDetail,
  TBatchItemQuery,
  TBatchQuery,
} from '@bubuh/contracts';
import { actorOf, canManage, visibilityOf } from '../../lib/access.ts';
import { AppError, foundOr404 } from '../../lib/app-error.ts';
import type { TAuth } from '../../plugins/auth.ts';
import { findDocument } from '../documents/index.ts';
import { accountOf } from '../quota/index.ts';
import { checkBatchBoxes } from './batch-boxes.ts';
import type { TBatchesDeps } from './batch-deps.ts';
import { originalKeyOf } from './batch-export.ts';
import { createBatchFiles, onlyDraft } from './batch-files.ts';
import * as itemsRepo from './batch-items.repository.ts';
import * as manifestRepo from './batch-manifest.repository.ts';
import { planManifest, type TManifestRow } from './batch-manifest.ts';
import { toWireBatch, toWireItem } from './batch-mapper.ts';
import { balanceCache, balancesOf, requireBalance } from './batch-quota.ts';
import * as repo from './batches.repository.ts';

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

  /** A draft with files ready starts, its balance checked first; undefined once not a draft. */
  const startDraft = async (batch: repo.TBatchRow) => {
    if (batch.status !== 'draft') return undefined;
    if (batch.countReady === 0)
      throw new AppError('CONFLICT', 'The batch has no files ready to stamp', {
        files: 'none ready',
      });
    await requireBalance(db, batch);
    // Checked again under the batch's lock: files a parallel upload added meanwhile count too.
    return repo.transitionBatch(
      db,
      batch.id,
      ['draft'],
      { status: 'running', startedAt: new Date() },
      [['ready', 'queued', { jobId: null }]],
      (tx, locked) => requireBalance(tx, locked),
    );
  };

  const start = (auth: TAuth, id: number) => action(auth, id, startDraft);

  const { addFile, addZip } = createBatchFiles(deps, { loadManaged });

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
      const { rows, total } = await itemsRepo.itemsPage(db, id, query);
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
        payer: accountOf(actor),
      });
      return wire({ batch, owner: (await load(auth, batch.id)).owner });
    },

    addFile,

    removeItem: async (auth: TAuth, itemId: number) => {
      const item = await itemsRepo.findItem(db, itemId);
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
      const item = await itemsRepo.findItem(db, itemId);
      if (!item) throw AppError.notFound('Document');
      await load(auth, item.batchId);
      const doc = item.documentId === null ? undefined : await findDocument(db, item.documentId);
      if (!doc) throw AppError.notFound('Document');
      return { fileName: item.fileName, key: originalKeyOf(doc) };
    },
  };
};

export type TBatchesService = ReturnType<typeof createBatchesService>;
