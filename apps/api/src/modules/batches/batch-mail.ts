import type { TDb } from '../../db/client.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { TMail, TMailer } from '../mail/index.ts';
import { layout, type TMailLanguage } from '../mail/index.ts';
import { mailDelivered, recipientOf } from './batch-mail.repository.ts';
import * as repo from './batches.repository.ts';

export const BATCH_MAIL_TEMPLATE = 'batch-finished';

type TCounts = { stamped: number; failed: number; cancelled: number };

/** The e-mail of a finished batch: its counts and a link to its page. */
export const batchFinishedMail = (
  language: TMailLanguage,
  to: string,
  input: { name: string; batchName: string; counts: TCounts; link: string; key: string },
): TMail => {
  const en = language === 'en';
  const { stamped, failed, cancelled } = input.counts;
  const subject = en ? `Batch "${input.batchName}" finished` : `Batch "${input.batchName}" selesai`;
  const hello = en ? `Hello ${input.name},` : `Halo ${input.name},`;
  const intro = en
    ? `Your batch "${input.batchName}" has finished:`
    : `Batch Anda "${input.batchName}" sudah selesai:`;
  const lines = en
    ? [`Stamped: ${stamped}`, `Failed: ${failed}`, `Cancelled: ${cancelled}`]
    : [`Dibubuhi e-Meterai: ${stamped}`, `Gagal: ${failed}`, `Dibatalkan: ${cancelled}`];
  const outro = en
    ? 'Open the batch to download the stamped files and the report:'
    : 'Buka batch untuk mengunduh dokumen dan laporannya:';
  return {
    to,
    subject,
    text: `${hello}\n\n${intro}\n${lines.join('\n')}\n\n${outro}\n${input.link}\n`,
    html: layout(
      subject,
      `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p><ul>${lines
        .map((l) => `<li>${escapeHtml(l)}</li>`)
        .join(
          '',
        )}</ul><p>${escapeHtml(outro)}</p><p><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>`,
    ),
    template: BATCH_MAIL_TEMPLATE,
    meta: { language, key: input.key, ...input.counts },
  };
};

/** The job's data: the batch and the finish it reports (a batch run again finishes again). */
export type TBatchMailJob = { batchId: number; finishedAt: string };

/**
 * The handler of one batch's e-mail job. Idempotent: a finish whose mail was delivered (found in
 * the outbox / SMTP log by its key) is not mailed again, and a finish superseded by a later run
 * of the same batch sends nothing (that run mails its own).
 */
export const sendBatchFinishedMail = async (
  deps: { db: TDb; mailer: TMailer; publicUrl: string },
  job: TBatchMailJob,
) => {
  const batch = await repo.findBatch(deps.db, job.batchId);
  if (batch?.status !== 'done' || batch.finishedAt?.toISOString() !== job.finishedAt)
    return { sent: false };
  const key = `${batch.id}:${job.finishedAt}`;
  if (await mailDelivered(deps.db, BATCH_MAIL_TEMPLATE, key)) return { sent: false };
  const owner = await recipientOf(deps.db, batch.ownerUserId);
  if (!owner) return { sent: false };
  await deps.mailer.send(
    batchFinishedMail(owner.language === 'id' ? 'id' : 'en', owner.email, {
      name: owner.name,
      batchName: batch.name,
      counts: {
        stamped: batch.countStamped,
        failed: batch.countFailed,
        cancelled: batch.countCancelled,
      },
      link: `${deps.publicUrl.replace(/\/$/, '')}/stamp/bulk/${batch.id}`,
      key,
    }),
  );
  return { sent: true };
};
