import type { TDb } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import type { TMailer } from './mailer.ts';

/** The embedded default: mails are stored in mail_outbox (and logged, see withMailLog). */
export const createOutboxMailer = (db: TDb): TMailer => ({
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
  },
});
