import { createHash, randomUUID } from 'node:crypto';
import { signingMethodAfter, type TSignRequest } from '@bubuh/contracts';
import type { SignerCredential } from '@bubuh/pdf';
import type { TDb } from '../../db/client.ts';
import type { TPlacement } from '../../db/schema.ts';
import { actorOf, canManage, type TActor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TPdfEngine } from '../../pdf/pdf-engine.ts';
import type { TSignatureProvider } from '../../providers/signature/local-signature-provider.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import { type TAuditActor, userActor } from '../audit/index.ts';
import {
  applyEvent,
  busy,
  findDocument,
  javascriptAcknowledgment,
  loadDocument,
  recordEvent,
  type TDocumentRow,
  type TDocumentValues,
  tryEvent,
} from '../documents/index.ts';
import type { TFileIntoLocker } from '../locker/index.ts';
import { accountOf, type TAccountRef } from '../quota/index.ts';
import {
  insertSigned,
  markSigned,
  ownerActorOf,
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

/** What a signature needs once the signer's turn was checked (`signClaiming`). */
type TSignClaim = {
  doc: TDocumentRow;
  queue: Awaited<ReturnType<typeof signerQueue>>;
  next: Awaited<ReturnType<typeof signerQueue>>[number] | undefined;
  payer: TAccountRef;
  attempt?: TJobAttempt | undefined;
  place: TPlacement;
  reason: string | null | undefined;
  location: string | null | undefined;
  signer: {
    /** The user who signs; null for an outside party. */
    actorUserId: number | null;
    credential: () => Promise<SignerCredential>;
    specimen: Uint8Array | string;
    label: string;
    audit: TAuditActor;
    acknowledgment: TDocumentValues;
  };
};

/** An outside party's signature (the signing-link routes): who, with which specimen. */
export type TPartySignInput = {
  documentId: number;
  signerId: number;
  party: { name: string; email: string };
  /** A PNG of their drawn or uploaded signature, or their typed name. */
  specimen: Uint8Array | string;
  audit: TAuditActor;
};

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

    return signClaiming({
      doc,
      queue,
      next,
      payer,
      attempt,
      place: request,
      reason: request.reason,
      location: request.location,
      signer: {
        actorUserId: me.id,
        credential: () =>
          deps.signatures.credentialFor({
            id: me.id,
            fullName: me.fullName,
            email: me.email,
            nik: me.nik,
          }),
        specimen: specimen ? await files.get(specimen.fileKey) : me.fullName,
        label: me.fullName,
        audit: userActor(actor),
        acknowledgment,
      },
    });
  };

  /**
   * The signature of the signer whose turn it is (`next`; none when the document has no list):
   * the document claimed (`start-sign`), one e-sign unit of `payer` reserved, the file signed
   * with the signer's credential and specimen, and the signature, the unit and the trail's
   * `signed` event stored together; the unit goes back if anything fails.
   */
  const signClaiming = async (input: TSignClaim) => {
    const { doc, queue, next, payer, attempt, place, signer } = input;
    const claimed = await applyEvent(db, doc, { type: 'start-sign' });
    const work: TClaimedWork = {
      kind: 'esign',
      payer,
      actorUserId: signer.actorUserId,
      documentId: doc.id,
      from: 'esigning',
      attempt,
      fallback: 'Penandatanganan gagal, kuota telah dikembalikan. Silakan coba lagi.',
    };
    return runClaimedWork(db, files, work, async (unit, store) => {
      const credential = await signer.credential();
      const tsa = await deps.signatures.tsa();
      const signed = await pdf.sign(await files.get(claimed.currentKey), {
        specimen: signer.specimen,
        // A drawn or uploaded specimen carries the name and caption a typed one does.
        imageLabel: signer.label,
        page: Math.min(place.page, doc.pageCount),
        rect: { x: place.x, y: place.y, width: place.width, height: place.height },
        signer: credential,
        reason: input.reason?.trim() || 'Saya menyetujui dokumen ini',
        location: input.location?.trim() || 'Indonesia',
        ...(tsa ? { tsa } : {}),
      });
      const key = `documents/${doc.id}-${randomUUID()}/signed.pdf`;
      await store(key, signed.bytes);
      const pending = queue.filter((s) => s.status === 'pending' && s.id !== next?.id).length;
      await db.transaction(async (tx) => {
        if (next) await markSigned(tx, next.id, signed.fieldName);
        else if (signer.actorUserId !== null)
          await insertSigned(tx, {
            documentId: doc.id,
            userId: signer.actorUserId,
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
            ...signer.acknowledgment,
          },
        );
        if (!done) throw busy();
        await unit.spend(tx);
        await recordEvent(tx, doc, {
          type: 'signed',
          actor: signer.audit,
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

  /**
   * A party outside the company signs in their own box (the one the owner placed), with a
   * certificate naming them and the e-mail they proved; the owner's quota pays the unit.
   */
  const signAsParty = async (input: TPartySignInput): Promise<TSignResult> => {
    const doc = await findDocument(db, input.documentId);
    if (!doc) throw AppError.notFound('Document');
    if (doc.state === 'stamped' || doc.state === 'cancelled' || doc.serialNumberId !== null)
      throw new AppError('CONFLICT', 'This document can no longer be signed');
    if (doc.javascriptCount > 0 && !doc.javascriptAcknowledgedAt)
      throw new AppError(
        'CONFLICT',
        'The sender must check this document before it can be signed: ask them to open it first',
      );
    const queue = await signerQueue(db, doc.id);
    const next = queue.find((s) => s.status === 'pending');
    const mine = queue.find((s) => s.id === input.signerId);
    if (!mine) throw AppError.notFound('Document');
    if (mine.status === 'signed') throw new AppError('CONFLICT', 'You have signed this document');
    if (next?.id !== mine.id) throw new AppError('CONFLICT', 'It is not your turn to sign yet');
    const owner = await ownerActorOf(db, doc.ownerUserId);
    if (!owner) throw AppError.notFound('Document');
    const { balanceAfter, ...result } = await signClaiming({
      doc,
      queue,
      next: mine,
      payer: accountOf(owner),
      place: mine.placement,
      reason: null,
      location: null,
      signer: {
        actorUserId: null,
        credential: () => deps.signatures.credentialForParty(input.party),
        specimen: input.specimen,
        label: input.party.name,
        audit: input.audit,
        acknowledgment: {},
      },
    });
    await deps.afterSpend?.(accountOf(owner), 'esign', balanceAfter).catch(() => undefined);
    await deps.afterSigningChange?.(doc.id);
    return result;
  };

  return {
    signAsParty,
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
