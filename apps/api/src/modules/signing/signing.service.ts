import type { TDb } from '../../db/client.ts';
import { canAskToSign, canManage, mayBeAskedToSign, type TActor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { userActor } from '../audit/index.ts';
import { applyEvent, loadDocument, recordEvent, signerCounts } from '../documents/index.ts';
import * as repo from './signing.repository.ts';

export type TSigningDeps = {
  db: TDb;
  /**
   * After the signer list is set (the first signer's turn has come): the signing e-mails and
   * notices follow (the `signing-notice` job); never inside a transaction.
   */
  afterSigningChange?: (documentId: number) => Promise<void>;
};

type TSignerBox = {
  user_id: number;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
};

/** Signers, their order and the end of a signing round (the signature itself: document-work). */
export const createSigningService = (deps: TSigningDeps) => {
  const { db } = deps;

  /** Who signs, in which order and where (replaces the pending list). */
  const setSigners = async (actor: TActor, id: number, signers: TSignerBox[]) => {
    const doc = await loadDocument(db, actor, id);
    if (!canAskToSign(actor, doc)) throw AppError.forbidden();
    if (doc.state === 'stamped' || doc.state === 'cancelled' || doc.state === 'stamping')
      throw new AppError('CONFLICT', 'Only a draft can get signers');
    const ids = [...new Set(signers.map((s) => s.user_id))];
    const found = await repo.companiesOfUsers(db, ids);
    for (const userId of ids) {
      const user = found.find((f) => f.id === userId);
      if (!user || !mayBeAskedToSign(actor, doc, user))
        throw new AppError('VALIDATION_FAILED', 'Signers must be users of the same company', {
          signers: `user ${userId}`,
        });
    }
    const order = signers.map((s, i) => {
      const name = found.find((f) => f.id === s.user_id)?.fullName ?? `user ${s.user_id}`;
      return `${i + 1}. ${name}`;
    });
    await db.transaction(async (tx) => {
      await applyEvent(tx, doc, { type: 'set-signers' });
      await recordEvent(tx, doc, {
        type: 'parties-set',
        actor: userActor(actor),
        details: { signers: order.join(', ') },
      });
      await repo.replacePendingSigners(
        tx,
        id,
        signers.map((s) => ({
          userId: s.user_id,
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
      await applyEvent(tx, doc, { type: 'end-signing', signed });
      await recordEvent(tx, doc, { type: 'signing-ended', actor: userActor(actor) });
    });
  };

  return { setSigners, endSigning };
};

export type TSigningService = ReturnType<typeof createSigningService>;
