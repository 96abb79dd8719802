import { createHash, randomUUID } from 'node:crypto';
import { signingMethodAfter, type TDocumentState, type TStampRequest } from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import { actorOf, canManage, type TActor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TPdfEngine } from '../../pdf/pdf-engine.ts';
import {
  knownDocType,
  type TIssuedSerial,
  type TMeteraiProvider,
} from '../../providers/meterai/meterai-provider.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import { userActor } from '../audit/index.ts';
import {
  abortWork,
  busy,
  javascriptAcknowledgment,
  loadDocument,
  storedNext,
  type TDocumentRow,
} from '../documents/index.ts';
import type { TFileIntoLocker } from '../locker/index.ts';
import { accountOf, type TAccountRef } from '../quota/index.ts';
import { insertSerial, serialById, setSerialStatus } from '../stamping/index.ts';
import { runClaimedWork, type TClaimedWork } from './claimed-work.ts';
import * as repo from './stamp-store.repository.ts';
import { type TJobAttempt, takeOverEarlierAttempts } from './takeover.ts';

export type TStampDocumentDeps = {
  db: TDb;
  files: TFileStore;
  pdf: TPdfEngine;
  /** Files the finished document in the actor's digital locker (never throws). */
  fileIntoLocker?: TFileIntoLocker;
  meterai: TMeteraiProvider;
  /**
   * After a unit was spent (e.g. the low-quota notice), with the payer's balance after it when
   * known; never throws into the stamp.
   */
  afterSpend?: (payer: TAccountRef, kind: 'emeterai', balanceAfter?: number) => Promise<void>;
};

/** One stamp, as plain data: who acts, who pays, what (the `stamp` job runs it). */
export type TStampInput = {
  actor: TActor;
  payer: TAccountRef;
  request: TStampRequest;
  /** The folder of the actor's private locker the result is filed in (a batch's name). */
  lockerFolder?: string;
  /** The document as the caller has just read it (a batch's claim): not read again. */
  document?: TDocumentRow;
  /**
   * The caller's own statement already made this stamp's claim of `document` (a batch's group,
   * `groupClaim`), with the serial it may use again: not claimed again, and given back to rest
   * when the stamp is refused before its unit.
   */
  claimed?: { reusableSerialId: number | null };
  /** The actor's language when they asked (the notice of a single stamp follows it). */
  language?: 'en' | 'id';
};

export type TStampResult = { document_id: number; serial_number: string; status: 'stamp' };

/** The stamped file as just stored: the locker's copy is made from it without reading it again. */
type TStoredFile = {
  fileName: string;
  currentKey: string;
  companyId: number | null;
  bytes: Uint8Array;
};

/** How long a serial whose stamp failed may be stamped again (Peruri's portal allows 48 h). */
const SERIAL_RETRY_WINDOW_MS = 48 * 60 * 60_000;

export const createStampDocument = (deps: TStampDocumentDeps) => {
  const { db, files, pdf, meterai } = deps;

  /** Keeps a provider's raster stamp image, so a retry can use the same serial and image. */
  const keepRasterImage = async (issued: TIssuedSerial): Promise<string | null> => {
    if (!(issued.image instanceof Uint8Array)) return null;
    const key = `serials/${issued.serial.toLowerCase()}.img`;
    await files.put(key, issued.image);
    return key;
  };

  /**
   * The failed, never-stamped serial the claim found for the document (`claimForStamp`) and its
   * image, when it can be used again.
   */
  const reusableSerial = async (serialId: number | null) => {
    if (serialId === null) return null;
    const row = await serialById(db, serialId);
    if (!row) return null;
    const image = row.imageKey
      ? await files.get(row.imageKey).catch(() => null)
      : ((await meterai.stampImage?.(row.serial)) ?? null);
    if (!image) return null;
    return { serial: row.serial, image, row };
  };

  /** The stamp's claim (`start-stamp`, a conditional UPDATE): a 409 for the loser of a race. */
  const claimStamp = async (doc: { id: number; state: TDocumentState }) => {
    if (doc.state === 'deleted') throw new Error('deletes go through remove');
    const to = storedNext(doc.state, { type: 'start-stamp' });
    const since = new Date(Date.now() - SERIAL_RETRY_WINDOW_MS);
    const row = await repo.claimForStamp(db, doc.id, doc.state, to, meterai.name, since);
    if (!row) throw busy();
    return row;
  };

  /**
   * What a stamp request must get right whatever the document: a square box and a document type
   * the provider knows (its entry is returned).
   */
  const checkRequest = async (request: Pick<TStampRequest, 'width' | 'height' | 'doc_type'>) => {
    // The e-Meterai is a square stamp (docs/product-rules.md §10): the box may not distort it.
    if (Math.abs(request.width - request.height) > Math.max(1, 0.02 * request.width)) {
      throw new AppError('VALIDATION_FAILED', 'The e-Meterai box must be square', {
        height: 'must equal width',
      });
    }
    return knownDocType(() => meterai.documentTypes(), request.doc_type);
  };

  /** The answer to a stamp that failed for a reason that is not an `AppError`. */
  const FAILED = 'Pembubuhan e-Meterai gagal, kuota telah dikembalikan. Silakan coba lagi.';

  type TOutcome = TStampResult & { file?: TStoredFile; balanceAfter?: number | undefined };

  /**
   * The stamp; a document its caller claimed already (`claimed`) goes back to rest when the stamp
   * is refused before its unit (the unit's own failures give it back in `runClaimedWork`).
   */
  const stamp = async (input: TStampInput, attempt?: TJobAttempt): Promise<TOutcome> => {
    const { claimed, document } = input;
    const preClaimed = claimed && document?.id === input.request.document_id ? claimed : undefined;
    if (!preClaimed) return stampClaiming(input, attempt);
    let refused = true;
    try {
      return await stampClaiming(input, attempt, preClaimed, () => {
        refused = false;
      });
    } catch (error) {
      if (!refused) throw error;
      return abortWork(db, input.request.document_id, 'stamping', error, {
        reserved: false,
        fallback: FAILED,
      });
    }
  };

  /**
   * The e-Meterai, exactly once: claim the document (`stamping`; not when `preClaimed`, the
   * caller's statement did), reserve one unit, issue the serial (or reuse the document's failed
   * one), stamp in the worker pool, then store the new version, the `stamped` state and the
   * spent unit in one transaction. On any failure the unit
   * is released, the serial kept as failed (for the retry) and the document goes back to rest.
   */
  const stampClaiming = async (
    { actor, payer, request: input, document }: TStampInput,
    attempt?: TJobAttempt,
    preClaimed?: { reusableSerialId: number | null },
    /** The checks passed: from here on failures give the document back themselves. */
    onChecked?: () => void,
  ): Promise<TOutcome> => {
    let request = input;
    let doc =
      document?.id === request.document_id && canManage(actor, document)
        ? document
        : await loadDocument(db, actor, request.document_id);
    if (!canManage(actor, doc))
      throw AppError.forbidden('Only the owner or a company admin can stamp this document');
    if (attempt) {
      // A retried job: an earlier attempt may have stamped already, or died mid-stamp.
      const earlier = await takeOverEarlierAttempts(db, doc, 'stamping', attempt);
      if (earlier === 'done') {
        const done = await loadDocument(db, actor, doc.id);
        const serial = done.serialNumberId ? await serialById(db, done.serialNumberId) : null;
        if (serial) return { document_id: doc.id, serial_number: serial.serial, status: 'stamp' };
      }
      if (earlier !== 'untouched') doc = await loadDocument(db, actor, doc.id);
    }
    if (doc.state === 'stamped' || doc.serialNumberId !== null) {
      throw new AppError('CONFLICT', 'Dokumen sudah dibubuhi e-Meterai', {
        document_id: 'already stamped',
      });
    }
    if (doc.state === 'cancelled')
      throw new AppError('CONFLICT', 'Dokumen sudah dibatalkan', { document_id: 'canceled' });
    if (doc.state === 'signing') {
      throw new AppError('CONFLICT', 'Waiting for e-signatures: the e-Meterai comes last', {
        document_id: 'signing',
      });
    }
    const docType = await checkRequest(request);
    if (request.page > doc.pageCount && request.page > 1) {
      // A page past the end means the last page (Peruri's adapter does the same).
      request = { ...request, page: doc.pageCount };
    }
    // JavaScript nobody has confirmed yet: refused before the claim, so nothing is spent.
    const acknowledgment = javascriptAcknowledgment(
      doc,
      actor.userId,
      request.acknowledge_javascript,
    );

    // The claim: one stamp per document, whoever else changes it meanwhile (cancel, delete,
    // another stamp or a signature) makes this a 409.
    // A serial issued for this document whose stamp failed is read with the claim (the claim
    // holds the document: no other attempt changes its serials meanwhile).
    onChecked?.();
    const claimed =
      preClaimed ??
      (await claimStamp(doc).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'CONFLICT')
          throw new AppError('CONFLICT', 'Dokumen sedang diproses atau sudah dibubuhi e-Meterai', {
            document_id: 'busy',
          });
        throw error;
      }));

    let serialId: number | null = null;
    const work: TClaimedWork = {
      kind: 'emeterai',
      payer,
      actorUserId: actor.userId,
      documentId: doc.id,
      from: 'stamping',
      attempt,
      fallback: FAILED,
      fields: { provider: meterai.name },
      releaseNote: (error) =>
        error instanceof Error ? error.message.slice(0, 500) : 'stamp failed',
      // The serial stays with the document as failed: the retry stamps with it.
      onFailure: async () => {
        if (serialId !== null) await setSerialStatus(db, serialId, 'failed');
      },
    };
    return runClaimedWork(db, files, work, async (unit, store) => {
      // A serial issued for this document whose stamp failed is used again (never a second
      // serial for one document while the first can still be stamped).
      const reused = await reusableSerial(claimed.reusableSerialId);
      const issued =
        reused ??
        (await meterai.issueSerial({
          docType: docType.kode,
          // The draft's details (update-emet) unless the request says otherwise.
          docValue: request.doc_value ?? doc.docValue,
          docNumber: doc.docNumber,
          docDate: doc.docDate,
          fileName: doc.fileName,
          documentId: doc.id,
        }));
      const serialRow = reused
        ? reused.row
        : await insertSerial(db, {
            serial: issued.serial,
            provider: meterai.name,
            documentId: doc.id,
            docType: docType.kode,
            imageKey: await keepRasterImage(issued),
          });
      serialId = serialRow.id;
      const current = await files.get(doc.currentKey);
      const signing = await meterai.signing({
        serial: issued.serial,
        documentSha256: createHash('sha256').update(current).digest('hex'),
        ...(reused ? { retry: true } : {}),
      });
      const common = {
        serial: issued.serial,
        image: issued.image,
        page: request.page,
        rect: { x: request.x, y: request.y, width: request.width, height: request.height },
        reason: request.reason?.trim() || docType.nama,
        location: request.location?.trim() || 'Indonesia',
        signer: signing.signer,
        ...(signing.tsa ? { tsa: signing.tsa } : {}),
      };
      const stamped =
        signing.kind === 'credential'
          ? await pdf.stamp(current, { ...common, signer: signing.signer })
          : await pdf.stampWithSigner(current, { ...common, signer: signing.signer });
      const key = `documents/${doc.id}-${randomUUID()}/stamped-${issued.serial.toLowerCase()}.pdf`;
      await store(key, stamped.bytes);
      // The stored result, the spent unit and the stamped serial in one statement.
      const stored = await repo.storeStamp(db, {
        documentId: doc.id,
        from: 'stamping',
        to: storedNext('stamping', { type: 'stamp-done' }),
        values: {
          signingMethod: signingMethodAfter(doc.signingMethod, { type: 'stamp-done' }),
          currentKey: key,
          // The details show the file as it is now (the stamped one).
          sizeBytes: stamped.bytes.byteLength,
          serialNumberId: serialRow.id,
          docType: docType.kode,
          docValue: request.doc_value ?? doc.docValue,
          placements: {
            ...doc.placements,
            emeterai: { page: stamped.page, ...stamped.rect },
          },
          stampedAt: new Date(),
          lastError: null,
          ...acknowledgment,
        },
        reservationId: unit.id,
        serialId: serialRow.id,
        companyId: doc.companyId,
        record: {
          type: 'stamped',
          actor: userActor(actor),
          sha256: createHash('sha256').update(stamped.bytes).digest('hex'),
          details: { serial: issued.serial, page: String(stamped.page) },
        },
      });
      // A retry or the recovery took the work over meanwhile: nothing was stored, the unit goes
      // back below if it is still reserved.
      if (!stored) throw busy();
      unit.spentWith();
      return {
        document_id: doc.id,
        serial_number: issued.serial,
        status: 'stamp' as const,
        file: {
          fileName: doc.fileName,
          currentKey: key,
          companyId: doc.companyId,
          bytes: stamped.bytes,
        },
        balanceAfter: unit.balanceAfter,
      };
    });
  };

  /**
   * The stamp, and what follows it as a step of its own (`file`, which never throws): the
   * low-quota notice and the stamped document filed in the actor's digital locker (`file`
   * answers why it was not filed, or null). A batch's group files its documents together, so
   * their filings share statements.
   */
  const stampThenFile = async (input: TStampInput, attempt?: TJobAttempt) => {
    const { file, balanceAfter, ...result } = await stamp(input, attempt);
    const fileIt = async () => {
      await deps.afterSpend?.(input.payer, 'emeterai', balanceAfter).catch(() => undefined);
      return (
        (await deps.fileIntoLocker?.({
          actor: input.actor,
          documentId: result.document_id,
          serialNumber: result.serial_number,
          ...(input.lockerFolder ? { folderName: input.lockerFolder } : {}),
          ...(file ? { file } : {}),
        })) ?? null
      );
    };
    return { result, file: fileIt };
  };

  return {
    stampThenFile,
    /**
     * Files a document an earlier attempt stamped, whose process may have died before its filing
     * (a batch's retried job finds it stamped): nothing happens when its copy is filed already.
     * Answers why it was not filed, or null.
     */
    fileStamped: (input: {
      actor: TActor;
      documentId: number;
      serialNumber: string;
      lockerFolder?: string;
    }) =>
      deps.fileIntoLocker?.({
        actor: input.actor,
        documentId: input.documentId,
        serialNumber: input.serialNumber,
        ...(input.lockerFolder ? { folderName: input.lockerFolder } : {}),
      }) ?? Promise.resolve(null),
    /** The stamp, then the stamped document filed in the actor's digital locker. */
    stamp: async (input: TStampInput, attempt?: TJobAttempt): Promise<TStampResult> => {
      const { result, file } = await stampThenFile(input, attempt);
      await file();
      return result;
    },
    checkRequest,
    /**
     * The routes' stamp as plain data (the `stamp` job's input), paid by the caller's scope
     * (`accountOf`): the company or the personal call, each refused to the other kind of
     * account, or (no variant: stamp-process, one-stamp-process) whichever the caller has.
     */
    inputFor: (
      auth: TActor & { language?: 'en' | 'id' },
      request: TStampRequest,
      variant?: 'company' | 'personal',
    ) => {
      if (variant === 'company' && auth.companyId === null)
        throw AppError.forbidden('Use the personal stamping call');
      if (variant === 'personal' && auth.companyId !== null)
        throw AppError.forbidden('Use the company stamping call');
      return {
        actor: actorOf(auth),
        payer: accountOf(auth),
        request,
        ...(auth.language ? { language: auth.language } : {}),
      } satisfies TStampInput;
    },
    /**
     * The stamp's claim as data, for a statement that claims many documents at once (a batch's
     * group, `claimManyForStamp`): a document at rest (draft) to `stamping`, with the serial of
     * this provider it may use again. The stamp of each is then given `claimed`.
     */
    groupClaim: (): repo.TStampClaim => ({
      from: 'draft',
      to: storedNext('draft', { type: 'start-stamp' }),
      provider: meterai.name,
      since: new Date(Date.now() - SERIAL_RETRY_WINDOW_MS),
    }),
  };
};

export type TStampDocument = ReturnType<typeof createStampDocument>;
