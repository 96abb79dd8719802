import { z } from 'zod';
import type { TDb } from '../../db/client.ts';
import type { TJobs } from '../../jobs/jobs.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { TMail, TMailer } from '../mail/index.ts';
import { layout } from '../mail/index.ts';
import * as repo from './notifications.repository.ts';

export const NOTICE_MAIL_QUEUE = 'notice-mail';

type TMailed = {
  notification: { id: number; key: string; header: string; content: string; link: string | null };
  email: string;
  name: string;
  language: string;
};

/** The notice as an e-mail: its header (already in the user's language), content and link. */
export const noticeMail = (found: TMailed, publicUrl: string): TMail => {
  const { notification: n } = found;
  const en = found.language !== 'id';
  const hello = en ? `Hello ${found.name},` : `Halo ${found.name},`;
  const link = n.link ? `${publicUrl.replace(/\/$/, '')}${n.link}` : null;
  const open = en ? 'Open it in Bubuh:' : 'Buka di Bubuh:';
  return {
    to: found.email,
    subject: n.header,
    text: `${hello}\n\n${n.content}\n${link ? `\n${open} ${link}\n` : ''}`,
    html: layout(
      n.header,
      `<p>${escapeHtml(hello)}</p><p>${escapeHtml(n.content)}</p>${
        link
          ? `<p>${escapeHtml(open)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
          : ''
      }`,
    ),
    template: `notice-${n.key.split(':')[0]}`,
    meta: { notificationId: n.id, language: en ? 'en' : 'id' },
  };
};

/**
 * E-mail for the notices that matter (sent with `mail: true`): one `notice-mail` job per stored
 * notification. The job sends through the Mailer (outbox or SMTP) and then marks the notification
 * mailed, so a retried job or a repeated event sends nothing twice.
 */
export const createNoticeMail = (deps: {
  db: TDb;
  jobs: TJobs;
  mailer: TMailer;
  publicUrl: string;
}) => {
  const { db } = deps;
  const queue = deps.jobs.define({
    name: NOTICE_MAIL_QUEUE,
    schema: z.object({ notificationId: z.number().int() }),
    handler: async ({ notificationId }) => {
      const found = await repo.forMail(db, notificationId);
      if (!found || found.notification.mailedAt !== null) return;
      await deps.mailer.send(noticeMail(found, deps.publicUrl));
      await repo.markMailed(db, notificationId);
    },
    options: { concurrency: 2 },
  });
  return {
    send: async (notificationId: number) => {
      await queue.send({ notificationId }, { singletonKey: String(notificationId) });
    },
  };
};

export type TNoticeMail = ReturnType<typeof createNoticeMail>;
