import type { TDb } from '../../db/client.ts';
import { recordEvent } from '../documents/index.ts';
import type { TMailer } from '../mail/index.ts';
import { signerTurnMail, signingCompletedMail } from '../mail/index.ts';
import type { TSigningNoticeEvents } from '../notifications/index.ts';
import * as repo from './signing-notices.repository.ts';

export type TSigningNoticeDeps = {
  db: TDb;
  mailer: TMailer;
  publicUrl: string;
  /** In-app notices beside the e-mails (idempotent by their keys). */
  inApp?: TSigningNoticeEvents;
};
export type TNoticeOutcome = { sent: ('turn' | 'completed')[] };

/**
 * The signing e-mails of one document, as its state says now: "your turn" to the next pending
 * signer, "everyone has signed" to the owner once the last signer has signed. Idempotent: each
 * notice is claimed in `signing_notices` before it is sent, so a retried or repeated job (after a
 * signature, after the signer list is set) sends nothing twice; a failed send gives its claim back.
 */
export const createSigningNotices = ({ db, mailer, publicUrl, inApp }: TSigningNoticeDeps) => {
  const base = publicUrl.replace(/\/$/, '');
  const send = async (notice: repo.TSigningNotice, mail: Parameters<TMailer['send']>[0]) => {
    if (!(await repo.claimNotice(db, notice))) return false;
    try {
      await mailer.send(mail);
      return true;
    } catch (error) {
      await repo.releaseNotice(db, notice);
      throw error;
    }
  };

  const notify = async (documentId: number): Promise<TNoticeOutcome> => {
    const subject = await repo.noticeSubject(db, documentId);
    if (!subject) return { sent: [] };
    const { doc, signers } = subject;
    const sent: TNoticeOutcome['sent'] = [];
    const owner = { userId: doc.ownerId, language: doc.ownerLanguage };
    const link = `${base}/stamp/single/esign/${doc.id}`;
    const noticeOf = (
      kind: repo.TSigningNotice['kind'],
      subjectId: number,
      userId: number,
    ): repo.TSigningNotice => ({
      documentId: doc.id,
      kind,
      subjectId,
      userId,
    });
    for (const s of signers) {
      if (s.status === 'signed' && s.userId !== doc.ownerId) {
        await inApp?.signedBy({ doc, owner, signerId: s.id, signerName: s.fullName });
      }
    }
    if (doc.state === 'signing') {
      const next = signers.find((s) => s.status === 'pending');
      // The owner signing their own document first needs no e-mail.
      if (next && !next.deactivatedAt && next.userId !== doc.ownerId) {
        const mail = signerTurnMail(
          next.language,
          next.email,
          next.fullName,
          { id: doc.id, fileName: doc.fileName, ownerName: doc.ownerName },
          link,
        );
        await inApp?.signingTurn({
          doc,
          signer: { userId: next.userId, language: next.language, signerId: next.id },
        });
        if (await send(noticeOf('turn', next.id, next.userId), mail)) {
          sent.push('turn');
          // Sent once per turn (the claim above): the trail shows when each party was asked.
          await recordEvent(db, doc, {
            type: 'sent',
            actor: { kind: 'system' },
            details: { to: next.fullName, email: next.email, position: String(next.position) },
          });
        }
      }
    }
    const everyoneSigned = signers.length > 0 && signers.every((s) => s.status === 'signed');
    const othersSigned = signers.some((s) => s.userId !== doc.ownerId);
    if (doc.state === 'signed' && everyoneSigned && othersSigned) {
      const mail = signingCompletedMail(
        doc.ownerLanguage,
        doc.ownerEmail,
        doc.ownerName,
        { id: doc.id, fileName: doc.fileName },
        link,
      );
      await inApp?.signingCompleted({ doc, owner });
      if (await send(noticeOf('completed', doc.ownerId, doc.ownerId), mail)) sent.push('completed');
    }
    return { sent };
  };

  return { notify };
};

export type TSigningNotices = ReturnType<typeof createSigningNotices>;
