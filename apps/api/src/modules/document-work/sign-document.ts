import { createHash, randomUUID } from 'node:crypto';
import { signingMethodAfter, type TSignRequest } from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import { actorOf, canManage, type TActor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TPdfEngine } from '../../pdf/pdf-engine.ts';
import type { TSignatureProvider } from '../../providers/signature/local-signature-provider.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import { userActor } from '../audit/index.ts';
import {
  applyEvent,
  busy,
  javascriptAcknowledgment,
  loadDocument,
  recordEvent,
  tryEvent,
} from '../documents/index.ts';
import type { TFileIntoLocker } from '../locker/index.ts';
import { accountOf, type TAccountRef } from '../quota/index.ts';
import {
  insertSigned,
  markSigned,
  requireSigningIdentity,
  signerQueue,
  specimenOf,
} from '../signing/index.ts';
import { runClaimedWork, type TClaimedWork } from './claimed-work.ts';
import { type TJobAttempt, takeOverEarlierAttempts } from './takeover.ts';

export type TSignDocumentDeps = {
  db: TDb;
  files: TFileStore;
  pdf: TPdfEngine;
  /** Files the finished document in the actor's digital locker (never throws). */
  fileIntoLocker?: TFileIntoLocker;
  signatures: TSignatureProvider;
  /**
   * After a signature is stored: the signing e-mails follow (the `signing-notice` job); never
   * inside a transaction.
   */
  afterSigningChange?: (documentId: number) => Promise<void>;
  /**
   * After a signature that may have spent a unit (e.g. the low-quota notice), with the payer's
   * balance after it when known; never throws.
   */
  afterSpend?: (payer: TAccountRef, kind: 'esign', balanceAfter?: number) => Promise<void>;
};

/** One e-signature, as plain data: who signs, who pays, where (the `sign` job runs it). */
export type TSignInput = { actor: TActor; payer: TAccountRef; request: TSignRequest };

export type TSignResult = {
  document_id: number;
  field_name: string;
  signing_status: 'signing' | 'signed';
};

/** Signing one document: the e-signature with its unit, then the locker and the notices. */
export const createSignDocument = (deps: TSignDocumentDeps) => {
  const { db, files, pdf } = deps;

  /** What an earlier attempt of the job stored: the actor's newest signature on the document. */
  const signedBefore = async (documentId: number, userId: number): Promise<TSignResult | null> => {
    const queue = await signerQueue(db, documentId);
    const mine = queue.filter((s) => s.userId === userId && s.status === 'signed' && s.fieldName);
    const last = mine.at(-1);
    if (!last?.fieldName) return null;
    const pending = queue.some((s) => s.status === 'pending');
    return {
      document_id: documentId,
      field_name: last.fieldName,
      signing_status: pending ? 'signing' : 'signed',
    };
  };

  const sign = async (
    { actor, payer, request }: TSignInput,
    attempt?: TJobAttempt,
  ): Promise<TSignResult> => {
    const { balanceAfter, ...result } = await signOnce({ actor, payer, request }, attempt);
    await deps.afterSpend?.(payer, 'esign', balanceAfter).catch(() => undefined);
    await deps.afterSigningChange?.(result.document_id);
    return result;
  };

  /**
   * One e-signature: with the signer's own certificate (issued at the first signature, after
   * they confirm their identity) and specimen, as an incremental revision, before any stamp.
   * One e-sign unit is reserved, spent with the stored signature, released if signing fails.
   */
  const signOnce = async (
    { actor, payer, request }: TSignInput,
    attempt?: TJobAttempt,
  ): Promise<TSignResult & { balanceAfter?: number | undefined }> => {
    let doc = await loadDocument(db, actor, request.document_id);
    if (attempt) {
      // A retried job: an earlier attempt may have signed already, or died mid-signature.
      const earlier = await takeOverEarlierAttempts(db, doc, 'esigning', attempt);
      if (earlier === 'done') {
        const done = await signedBefore(doc.id, actor.userId);
        if (done) return done;
      }
      if (earlier !== 'untouched') doc = await loadDocument(db, actor, doc.id);
    }
    if (doc.state === 'stamped' || doc.state === 'cancelled' || doc.serialNumberId !== null) {
      throw new AppError(
        'CONFLICT',
        'A stamped or canceled document cannot be signed: e-signatures come before the e-Meterai',
      );
    }
    const queue = await signerQueue(db, doc.id);
    const next = queue.find((s) => s.status === 'pending');
    if (queue.length > 0) {
      if (!next) throw new AppError('CONFLICT', 'Everyone has signed this document');
      if (next.userId !== actor.userId) {
        const listed = queue.some((s) => s.userId === actor.userId && s.status === 'pending');
        throw new AppError(
          'CONFLICT',
          listed ? 'It is not your turn to sign yet' : 'You are not a signer of this document',
        );
      }
    } else if (!canManage(actor, doc)) {
      throw AppError.forbidden();
    }
    const me = await requireSigningIdentity(
      { db, signatures: deps.signatures },
      actor.userId,
      request.identity_confirmed,
    );
    const specimen = await specimenOf(db, me.id, request.specimen_id ?? null);
    if (request.specimen_id && !specimen) throw AppError.notFound('Esign');
    // JavaScript nobody has confirmed yet: refused before the claim, so nothing is spent.
    const acknowledgment = javascriptAcknowledgment(doc, me.id, request.acknowledge_javascript);

    const claimed = await applyEvent(db, doc, { type: 'start-sign' });
    const work: TClaimedWork = {
      kind: 'esign',
      payer,
      actorUserId: me.id,
      documentId: doc.id,
      from: 'esigning',
      attempt,
      fallback: 'Penandatanganan gagal, kuota telah dikembalikan. Silakan coba lagi.',
    };
    return runClaimedWork(db, files, work, async (unit, store) => {
      const credential = await deps.signatures.credentialFor({
        id: me.id,
        fullName: me.fullName,
        email: me.email,
        nik: me.nik,
      });
      const tsa = await deps.signatures.tsa();
      const signed = await pdf.sign(await files.get(claimed.currentKey), {
        specimen: specimen ? await files.get(specimen.fileKey) : me.fullName,
        // A drawn or uploaded specimen carries the name and caption a typed one does.
        imageLabel: me.fullName,
        page: Math.min(request.page, doc.pageCount),
        rect: { x: request.x, y: request.y, width: request.width, height: request.height },
        signer: credential,
        reason: request.reason?.trim() || 'Saya menyetujui dokumen ini',
        location: request.location?.trim() || 'Indonesia',
        ...(tsa ? { tsa } : {}),
      });
      const key = `documents/${doc.id}-${randomUUID()}/signed.pdf`;
      await store(key, signed.bytes);
      const pending = queue.filter((s) => s.status === 'pending' && s.id !== next?.id).length;
      await db.transaction(async (tx) => {
        if (next) await markSigned(tx, next.id, signed.fieldName);
        else
          await insertSigned(tx, {
            documentId: doc.id,
            userId: me.id,
            position: queue.length + 1,
            placement: { page: signed.page, ...signed.rect },
            fieldName: signed.fieldName,
          });
        const done = await tryEvent(
          tx,
          doc.id,
          'esigning',
          { type: 'sign-done', pending },
          {
            currentKey: key,
            sizeBytes: signed.bytes.byteLength,
            signingMethod: signingMethodAfter(doc.signingMethod, {
              type: 'sign-done',
              emeteraiPlaced: doc.placements.emeterai !== null,
            }),
            lastError: null,
            ...acknowledgment,
          },
        );
        if (!done) throw busy();
        await unit.spend(tx);
        await recordEvent(tx, doc, {
          type: 'signed',
          actor: userActor(actor),
          sha256: createHash('sha256').update(signed.bytes).digest('hex'),
          details: { field: signed.fieldName, page: String(signed.page) },
        });
      });
      return {
        document_id: doc.id,
        field_name: signed.fieldName,
        signing_status: pending > 0 ? ('signing' as const) : ('signed' as const),
        balanceAfter: unit.balanceAfter,
      };
    });
  };

  return {
    /** The signature, then the signed document filed in the signer's digital locker. */
    sign: async (input: TSignInput, attempt?: TJobAttempt): Promise<TSignResult> => {
      const result = await sign(input, attempt);
      await deps.fileIntoLocker?.({
        actor: input.actor,
        documentId: result.document_id,
        serialNumber: null,
      });
      return result;
    },
    /** The routes' signature as plain data (the `sign` job's input): paid by the caller's scope. */
    inputFor: (auth: TActor, request: TSignRequest): TSignInput => ({
      actor: actorOf(auth),
      payer: accountOf(auth),
      request,
    }),
  };
};

export type TSignDocument = ReturnType<typeof createSignDocument>;
