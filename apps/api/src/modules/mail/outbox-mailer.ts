import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import type { TMailer } from './mailer.ts';

/** The embedded default: mails are stored in mail_outbox and logged, nothing leaves the machine. */
export const createOutboxMailer = (db: TDb, log?: FastifyBaseLogger): TMailer => ({
  transport: 'outbox',
  send: async (mail) => {
    await db.insert(mailOutbox).values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      template: mail.template,
      meta: mail.meta ?? {},
      transport: 'outbox',
      sentAt: new Date(),
    });
    log?.info({ to: mail.to, template: mail.template }, 'mail stored in outbox (no SMTP_URL)');
  },
});
