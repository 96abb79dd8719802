import type { TDb } from '../../db/client.ts';
import { recordEvent } from '../documents/index.ts';
import type { TMailer } from '../mail/index.ts';
import {
  signerTurnMail,
  signingCompletedMail,
  signingDeclinedMail,
  signingExpiredMail,
} from '../mail/index.ts';
import type { TSigningNoticeEvents } from '../notifications/index.ts';
import type { TSignerLinks } from './signer-links.ts';
import * as repo from './signing-notices.repository.ts';

export type TSigningNoticeDeps = {
  db: TDb;
  mailer: TMailer;
  publicUrl: string;
  /** In-app notices beside the e-mails (idempotent by their keys). */
  inApp?: TSigningNoticeEvents;
  /** The links of signers outside the company (their turn's e-mail carries one). */
  links?: TSignerLinks;
};
export type TNoticeOutcome = { sent: repo.TSigningNotice['kind'][] };

/**
 * The signing e-mails of one document, as its state says now: "your turn" to the next pending
 * signer, "everyone has signed" to the owner once the last signer has signed, "X declined" or
 * "the deadline passed" to the owner once the round stopped. Idempotent: each
 * notice is claimed in `signing_notices` before it is sent, so a retried or repeated job (after a
 * signature, after the signer list is set) sends nothing twice; a failed send gives its claim back.
 */
export const createSigningNotices = ({
  db,
  mailer,
  publicUrl,
  inApp,
  links,
}: TSigningNoticeDeps) => {
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
        const notice = noticeOf('turn', next.id, next.userId ?? doc.ownerId);
        const document = { id: doc.id, fileName: doc.fileName, ownerName: doc.ownerName };
        let told = false;
        if (next.userId === null) {
          // An outside party: a link of their own, made now and sent only in this e-mail.
          if (links && (await repo.claimNotice(db, notice))) {
            try {
              const token = await links.issue({ id: next.id, documentId: doc.id });
              await mailer.send(
                signerTurnMail(
                  doc.ownerLanguage,
                  next.email,
                  next.fullName,
                  document,
                  `${base}/sign/${token}`,
                ),
              );
              told = true;
            } catch (error) {
              await repo.releaseNotice(db, notice);
              throw error;
            }
          }
        } else {
          await inApp?.signingTurn({
            doc,
            signer: { userId: next.userId, language: next.language ?? 'en', signerId: next.id },
          });
          const mail = signerTurnMail(
            next.language ?? 'en',
            next.email,
            next.fullName,
            document,
            link,
          );
          told = await send(notice, mail);
        }
        if (told) {
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
    if (doc.state === 'stopped' && doc.stopReason) {
      const pending = signers.filter((s) => s.status === 'pending');
      const declined = doc.stopReason === 'declined';
      // The stop is about the signer row whose turn it was (the decliner's own row): a restarted
      // round has new rows, so its own stop is told again.
      const subject = declined ? pending.find((s) => s.userId === doc.stoppedBy) : pending[0];
      // An owner who declined their own document needs no e-mail about it.
      if (subject && !(declined && doc.stoppedBy === doc.ownerId)) {
        const mail = declined
          ? signingDeclinedMail(
              doc.ownerLanguage,
              doc.ownerEmail,
              doc.ownerName,
              {
                id: doc.id,
                fileName: doc.fileName,
                signerName: subject.fullName,
                reason: doc.stopNote ?? '-',
              },
              link,
            )
          : signingExpiredMail(
              doc.ownerLanguage,
              doc.ownerEmail,
              doc.ownerName,
              {
                id: doc.id,
                fileName: doc.fileName,
                deadlineAt: doc.deadlineAt,
                waitingFor: subject.fullName,
              },
              link,
            );
        await inApp?.signingStopped({
          doc,
          owner,
          signerId: subject.id,
          stop: {
            reason: doc.stopReason,
            byName: declined ? subject.fullName : null,
            note: doc.stopNote,
          },
        });
        if (await send(noticeOf(doc.stopReason, subject.id, doc.ownerId), mail))
          sent.push(doc.stopReason);
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

  /**
   * A fresh link to the outside signer whose turn it is (the owner asked: the first e-mail was
   * lost, or the link expired or was revoked); the earlier link stops working.
   */
  const resendLink = async (documentId: number, signerId: number): Promise<boolean> => {
    const subject = await repo.noticeSubject(db, documentId);
    if (!subject || !links) return false;
    const { doc, signers } = subject;
    const next = signers.find((s) => s.status === 'pending');
    if (doc.state !== 'signing' || !next || next.id !== signerId || next.userId !== null)
      return false;
    const token = await links.issue({ id: next.id, documentId: doc.id });
    await mailer.send(
      signerTurnMail(
        doc.ownerLanguage,
        next.email,
        next.fullName,
        { id: doc.id, fileName: doc.fileName, ownerName: doc.ownerName },
        `${base}/sign/${token}`,
      ),
    );
    await recordEvent(db, doc, {
      type: 'sent',
      actor: { kind: 'system' },
      details: { to: next.fullName, email: next.email, position: String(next.position) },
    });
    return true;
  };

  return { notify, resendLink };
};

export type TSigningNotices = ReturnType<typeof createSigningNotices>;
