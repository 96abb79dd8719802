import type {
  TDeclineRequest,
  TEmbedEsignRequest,
  TSignerEntry,
  TSignerLinkRequest,
} from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import type { TEsignPlacement } from '../../db/schema.ts';
import { canAskToSign, canManage, mayBeAskedToSign, type TActor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { userActor } from '../audit/index.ts';
import {
  applyEvent,
  editPlacements,
  loadDocument,
  recordEvent,
  signerCounts,
} from '../documents/index.ts';
import type { TSignerLinks } from './signer-links.ts';
import * as repo from './signing.repository.ts';

export type TSigningDeps = {
  db: TDb;
  /**
   * After the signer list is set (the first signer's turn has come): the signing e-mails and
   * notices follow (the `signing-notice` job); never inside a transaction.
   */
  afterSigningChange?: (documentId: number) => Promise<void>;
  /** Outside signers' links: revoked here, sent again by `resendLink`. */
  links?: Pick<TSignerLinks, 'revoke'>;
  resendLink?: (documentId: number, signerId: number) => Promise<boolean>;
};

/** The most e-signature boxes a draft holds (contracts `ZPlacements`). */
const MAX_ESIGN_BOXES = 20;

/** A round's deadline (ISO date-time, in the future: checked by the contracts) and reminders. */
export type TSigningRound = {
  deadline?: string | null | undefined;
  remindEveryDays?: number | null | undefined;
};

/** A round that starts or ends carries no stop of an earlier one. */
const NOT_STOPPED = { stopReason: null, stoppedBy: null, stopNote: null, stoppedAt: null } as const;

/** Signers, their order and the end of a signing round (the signature itself: document-work). */
export const createSigningService = (deps: TSigningDeps) => {
  const { db } = deps;

  /**
   * Who signs, in which order and where (replaces the pending list; signatures made stay):
   * users of the document's company, and parties outside it by name and e-mail, who get a link
   * of their own at their turn; and the round's deadline and reminders. A stopped round starts
   * again this way.
   */
  const setSigners = async (
    actor: TActor,
    id: number,
    signers: TSignerEntry[],
    round: TSigningRound = {},
  ) => {
    const doc = await loadDocument(db, actor, id);
    if (!canAskToSign(actor, doc)) throw AppError.forbidden();
    if (doc.state === 'stamped' || doc.state === 'cancelled' || doc.state === 'stamping')
      throw new AppError('CONFLICT', 'Only a draft can get signers');
    const ids = [...new Set(signers.flatMap((s) => (s.user_id !== undefined ? [s.user_id] : [])))];
    const found = await repo.companiesOfUsers(db, ids);
    for (const userId of ids) {
      const user = found.find((f) => f.id === userId);
      if (!user || !mayBeAskedToSign(actor, doc, user))
        throw new AppError('VALIDATION_FAILED', 'Signers must be users of the same company', {
          signers: `user ${userId}`,
        });
    }
    const emails = signers.flatMap((s) => (s.user_id === undefined && s.email ? [s.email] : []));
    if (new Set(emails).size !== emails.length)
      throw new AppError('VALIDATION_FAILED', 'Each outside signer needs an e-mail of their own', {
        signers: 'same e-mail twice',
      });
    const order = signers.map((s, i) => {
      const name =
        s.user_id !== undefined
          ? (found.find((f) => f.id === s.user_id)?.fullName ?? `user ${s.user_id}`)
          : `${s.name} <${s.email}>`;
      return `${i + 1}. ${name}`;
    });
    const deadlineAt = round.deadline ? new Date(round.deadline) : null;
    const remindEveryDays = round.remindEveryDays ?? null;
    await db.transaction(async (tx) => {
      await applyEvent(
        tx,
        doc,
        { type: 'set-signers' },
        // A new round: its own deadline and reminders, no earlier reminder or stop.
        { deadlineAt, remindEveryDays, remindedAt: null, ...NOT_STOPPED },
      );
      await recordEvent(tx, doc, {
        type: 'parties-set',
        actor: userActor(actor),
        details: {
          signers: order.join(', '),
          ...(deadlineAt ? { deadline: deadlineAt.toISOString() } : {}),
          ...(remindEveryDays ? { remind_every_days: String(remindEveryDays) } : {}),
        },
      });
      await repo.replacePendingSigners(
        tx,
        id,
        signers.map((s) => ({
          ...(s.user_id !== undefined
            ? { userId: s.user_id }
            : { party: { name: s.name ?? '', email: s.email ?? '', phone: s.phone ?? null } }),
          placement: { page: s.page, x: s.x, y: s.y, width: s.width, height: s.height },
        })),
      );
    });
    // The first signer's turn starts now: they are told as every later signer is.
    await deps.afterSigningChange?.(id);
  };

  /** The owner ends the signing round: whoever has not signed yet is taken off. */
  const endSigning = async (actor: TActor, id: number) => {
    const doc = await loadDocument(db, actor, id);
    if (!canManage(actor, doc)) throw AppError.forbidden();
    if (doc.state === 'stamped' || doc.state === 'cancelled' || doc.state === 'stamping')
      throw new AppError('CONFLICT', 'Only a draft can get signers');
    await db.transaction(async (tx) => {
      await repo.deletePendingSigners(tx, id);
      const { signed } = await signerCounts(tx, id);
      await applyEvent(tx, doc, { type: 'end-signing', signed }, NOT_STOPPED);
      await recordEvent(tx, doc, { type: 'signing-ended', actor: userActor(actor) });
    });
  };

  /**
   * A signer who has not signed yet (whose turn it is, or a later one) declines: the round stops,
   * nobody further is asked, and the owner is told who declined and why (the `signing-notice`
   * job, after the commit).
   */
  const decline = async (actor: TActor, request: TDeclineRequest) => {
    const doc = await loadDocument(db, actor, request.document_id);
    const isPendingSigner = (queue: Awaited<ReturnType<typeof repo.signerQueue>>) =>
      queue.some((s) => s.userId === actor.userId && s.status === 'pending');
    if (!isPendingSigner(await repo.signerQueue(db, doc.id)))
      throw AppError.forbidden('Only a signer who has not signed yet can decline');
    await db.transaction(async (tx) => {
      await applyEvent(
        tx,
        doc,
        { type: 'decline' },
        {
          stopReason: 'declined',
          stoppedBy: actor.userId,
          stopNote: request.reason,
          stoppedAt: new Date(),
        },
      );
      // Under the row lock now: a signer list replaced meanwhile may not hold the caller any more.
      if (!isPendingSigner(await repo.signerQueue(tx, doc.id)))
        throw AppError.forbidden('Only a signer who has not signed yet can decline');
      await recordEvent(tx, doc, {
        type: 'declined',
        actor: userActor(actor),
        details: { reason: request.reason },
      });
    });
    await deps.afterSigningChange?.(doc.id);
  };

  /**
   * One signer's box on a draft (and the specimen to sign with): added to its saved e-signature
   * placements, or replacing that signer's box where it was; the other boxes stay. The signer is
   * someone who may be asked to sign it (as for `setSigners`), the specimen one of theirs, the
   * box on one of its pages.
   */
  const embedEsign = async (actor: TActor, request: TEmbedEsignRequest) => {
    const doc = await loadDocument(db, actor, request.document_id);
    if (!canAskToSign(actor, doc)) throw AppError.forbidden();
    if (doc.state === 'stamped' || doc.state === 'cancelled' || doc.state === 'stamping')
      throw new AppError('CONFLICT', 'Only a draft can get signers');
    const [user] = await repo.companiesOfUsers(db, [request.user_id]);
    if (!user || !mayBeAskedToSign(actor, doc, user))
      throw new AppError('VALIDATION_FAILED', 'Signers must be users of the same company', {
        user_id: `user ${request.user_id}`,
      });
    if (
      request.specimen_id !== undefined &&
      !(await repo.specimenOf(db, request.user_id, request.specimen_id))
    )
      throw AppError.notFound('Esign');
    const size = doc.pages[request.page - 1];
    if (!size)
      throw new AppError('VALIDATION_FAILED', `The document has ${doc.pageCount} pages`, {
        page: 'out of range',
      });
    if (request.x + request.width > size.width || request.y + request.height > size.height)
      throw new AppError('VALIDATION_FAILED', 'The e-signature box falls outside the page', {
        x: 'outside the page',
      });
    const box: TEsignPlacement = {
      page: request.page,
      x: request.x,
      y: request.y,
      width: request.width,
      height: request.height,
      user_id: request.user_id,
      specimen_id: request.specimen_id ?? null,
    };
    await editPlacements(
      db,
      doc.id,
      (placements) => {
        const at = placements.esign.findIndex((e) => e.user_id === request.user_id);
        if (at < 0 && placements.esign.length >= MAX_ESIGN_BOXES)
          throw new AppError(
            'VALIDATION_FAILED',
            `A document holds at most ${MAX_ESIGN_BOXES} e-signature boxes`,
            { user_id: 'too many boxes' },
          );
        const esign =
          at < 0
            ? [...placements.esign, box]
            : placements.esign.map((e, i) => (i === at ? box : e));
        return { ...placements, esign };
      },
      {
        type: 'edited',
        actor: userActor(actor),
        details: { signers: user.fullName, page: String(request.page) },
      },
    );
  };

  /** The outside signer at `position` of a document the actor manages. */
  const partyAt = async (actor: TActor, request: TSignerLinkRequest) => {
    const doc = await loadDocument(db, actor, request.document_id);
    if (!canManage(actor, doc)) throw AppError.forbidden();
    const signer = (await repo.signerQueue(db, doc.id)).find(
      (s) => s.position === request.position,
    );
    if (!signer?.partyEmail)
      throw new AppError('VALIDATION_FAILED', 'No outside signer has this position', {
        position: 'not an outside signer',
      });
    return { doc, signer };
  };

  /** The owner takes an outside signer's link back (recorded in the trail). */
  const revokeLink = async (actor: TActor, request: TSignerLinkRequest) => {
    const { doc, signer } = await partyAt(actor, request);
    if (!(await deps.links?.revoke(signer.id)))
      throw new AppError('CONFLICT', 'This signer has no open link', { position: 'no link' });
    await recordEvent(db, doc, {
      type: 'link-revoked',
      actor: userActor(actor),
      details: { to: signer.partyName ?? '', email: signer.partyEmail ?? '' },
    });
  };

  /** A fresh link to the outside signer whose turn it is. */
  const resendLink = async (actor: TActor, request: TSignerLinkRequest) => {
    const { doc, signer } = await partyAt(actor, request);
    if (signer.status !== 'pending' || !(await deps.resendLink?.(doc.id, signer.id)))
      throw new AppError('CONFLICT', "It is not this signer's turn", {
        position: 'not their turn',
      });
  };

  return { setSigners, endSigning, decline, embedEsign, revokeLink, resendLink };
};

export type TSigningService = ReturnType<typeof createSigningService>;
