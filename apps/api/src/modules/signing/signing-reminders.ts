import { REMIND_NOW_INTERVAL_MINUTES } from '@bubuh/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/client.ts';
import { canManage, type TActor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { type TAuditActor, userActor } from '../audit/index.ts';
import { loadDocument, recordEvent, tryEvent } from '../documents/index.ts';
import { signerReminderMail, type TMailer } from '../mail/index.ts';
import type { TSigningNoticeEvents } from '../notifications/index.ts';
import type { TSignerLinks } from './signer-links.ts';
import { noticeSubject } from './signing-notices.repository.ts';
import * as repo from './signing-reminders.repository.ts';

export type TSigningRemindersDeps = {
  db: TDb;
  mailer: TMailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** In-app notices beside the e-mails. */
  inApp?: Pick<TSigningNoticeEvents, 'signingReminder'>;
  /**
   * After a round stopped at its deadline: the owner is told (the `signing-notice` job, idempotent
   * by its claims); never inside a transaction.
   */
  afterStop?: (documentId: number) => Promise<void>;
  /** Outside signers' links: their reminder carries a fresh one. */
  links?: Pick<TSignerLinks, 'issue'>;
};

/** What one sweep did: documents expired, reminders sent, rows that failed (logged, skipped). */
export type TSweepOutcome = { expired: number; reminded: number; failed: number };

/** Rounds a sweep handles at most of each kind; the rest wait for the next run, minutes later. */
const SWEEP_BATCH = 200;

/**
 * Reminders to the signer whose turn it is (the owner's "remind now", the automatic ones every
 * `remind_every_days`) and the end of rounds past their deadline. A reminder is claimed by a
 * conditional update of the round's `reminded_at` before it is sent, so racing clicks or sweeps
 * send it once, and given back if the mail cannot be sent.
 */
export const createSigningReminders = (deps: TSigningRemindersDeps) => {
  const { db, mailer, log } = deps;
  const base = deps.publicUrl.replace(/\/$/, '');

  /**
   * Sends the reminder claimed at `at` to the current signer of the document, records it, and
   * gives the claim back (to `previous`) when the mail fails. False when the turn moved on.
   */
  const send = async (
    documentId: number,
    claim: { at: Date; previous: Date | null },
    actor: TAuditActor,
  ): Promise<boolean> => {
    const subject = await noticeSubject(db, documentId);
    const next = subject?.signers.find((s) => s.status === 'pending');
    if (!subject || !next) {
      await repo.releaseReminder(db, documentId, claim.at, claim.previous);
      return false;
    }
    const { doc } = subject;
    // A user opens the signing screen; an outside party gets a fresh link of their own (the
    // earlier one stops working), since only its hash is kept.
    const link =
      next.userId === null && deps.links
        ? `${base}/sign/${await deps.links.issue({ id: next.id, documentId: doc.id })}`
        : `${base}/stamp/single/esign/${doc.id}`;
    try {
      await mailer.send(
        signerReminderMail(
          next.language ?? doc.ownerLanguage,
          next.email,
          next.fullName,
          {
            id: doc.id,
            fileName: doc.fileName,
            ownerName: doc.ownerName,
            deadlineAt: doc.deadlineAt,
          },
          link,
        ),
      );
    } catch (error) {
      await repo.releaseReminder(db, documentId, claim.at, claim.previous);
      throw error;
    }
    await recordEvent(db, doc, {
      type: 'reminded',
      actor,
      details: { to: next.fullName, email: next.email, position: String(next.position) },
    });
    if (next.userId !== null)
      await deps.inApp?.signingReminder({
        doc,
        signer: { userId: next.userId, language: next.language ?? 'en' },
        at: claim.at,
      });
    return true;
  };

  /**
   * "Remind now": whoever manages the document reminds the signer whose turn it is, at most once
   * per `REMIND_NOW_INTERVAL_MINUTES` per document (any reminder counts, the automatic ones too).
   */
  const remindNow = async (actor: TActor, documentId: number) => {
    const doc = await loadDocument(db, actor, documentId);
    if (!canManage(actor, doc)) throw AppError.forbidden();
    if (doc.state !== 'signing')
      throw new AppError('CONFLICT', 'Only a document waiting for a signature can be reminded', {
        document_id: doc.state,
      });
    const subject = await noticeSubject(db, doc.id);
    const next = subject?.signers.find((s) => s.status === 'pending');
    if (!next) throw new AppError('CONFLICT', 'Everyone has signed this document');
    if (next.userId === actor.userId)
      throw new AppError('CONFLICT', 'It is your own turn to sign this document');
    if (next.deactivatedAt)
      throw new AppError('CONFLICT', "The next signer's account is deactivated", {
        document_id: 'signer deactivated',
      });
    const previous = doc.remindedAt;
    const at = await repo.claimReminderNow(db, doc.id, REMIND_NOW_INTERVAL_MINUTES);
    if (!at) {
      const now = await repo.reminderState(db, doc.id);
      if (now?.state !== 'signing' || !now.remindedAt)
        throw new AppError('CONFLICT', 'Only a document waiting for a signature can be reminded', {
          document_id: now?.state ?? 'deleted',
        });
      const retryAt = new Date(now.remindedAt.getTime() + REMIND_NOW_INTERVAL_MINUTES * 60_000);
      const seconds = Math.max(1, Math.ceil((retryAt.getTime() - Date.now()) / 1000));
      throw new AppError(
        'RATE_LIMITED',
        `A reminder was sent less than an hour ago. You can remind again in ${Math.ceil(seconds / 60)} minutes.`,
        { retryAfterSeconds: seconds, retry_at: retryAt.toISOString() },
      );
    }
    try {
      await send(doc.id, { at, previous }, userActor(actor));
    } catch (error) {
      log.error({ err: error, documentId: doc.id }, 'could not send the signing reminder');
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'The reminder could not be sent. Please try again later.',
      );
    }
  };

  /** Ends one running round past its deadline; false when another change came first. */
  const expire = async (documentId: number, companyId: number | null) => {
    const stopped = await db.transaction(async (tx) => {
      const row = await tryEvent(
        tx,
        documentId,
        'signing',
        { type: 'expire' },
        { stopReason: 'expired', stoppedBy: null, stopNote: null, stoppedAt: new Date() },
      );
      if (!row) return false;
      await recordEvent(
        tx,
        { id: documentId, companyId },
        {
          type: 'expired',
          actor: { kind: 'system' },
          details: { deadline: row.deadlineAt?.toISOString() ?? '' },
        },
      );
      return true;
    });
    if (stopped) await deps.afterStop?.(documentId);
    return stopped;
  };

  /**
   * One run of the periodic sweep: rounds past their deadline stop (`expired`, the owner told),
   * then the signers due an automatic reminder get one. Never throws: a row that fails is logged
   * and skipped (the next run tries it again).
   */
  const sweep = async (): Promise<TSweepOutcome> => {
    const outcome: TSweepOutcome = { expired: 0, reminded: 0, failed: 0 };
    const each = async <T extends { id: number }>(
      what: string,
      rows: () => Promise<T[]>,
      work: (row: T) => Promise<boolean>,
    ) => {
      let list: T[];
      try {
        list = await rows();
      } catch (err) {
        outcome.failed += 1;
        log.error({ err }, `signing sweep: could not list the ${what}`);
        return 0;
      }
      let done = 0;
      for (const row of list) {
        try {
          if (await work(row)) done += 1;
        } catch (err) {
          outcome.failed += 1;
          log.error({ err, documentId: row.id }, `signing sweep: one of the ${what} failed`);
        }
      }
      return done;
    };
    outcome.expired = await each(
      'expiries',
      () => repo.dueExpiries(db, SWEEP_BATCH),
      (row) => expire(row.id, row.companyId),
    );
    outcome.reminded = await each(
      'reminders',
      () => repo.dueReminders(db, SWEEP_BATCH),
      async (row) => {
        const previous = (await repo.reminderState(db, row.id))?.remindedAt ?? null;
        const at = await repo.claimDueReminder(db, row.id, row.signerId);
        return at ? send(row.id, { at, previous }, { kind: 'system' }) : false;
      },
    );
    return outcome;
  };

  return { remindNow, sweep };
};

export type TSigningReminders = ReturnType<typeof createSigningReminders>;
