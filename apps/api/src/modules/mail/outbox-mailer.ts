import type { TDb } from '../../db/client.ts';
import { recordMail } from './mail-log.repository.ts';
import type { TMailer } from './mailer.ts';

/** The embedded default: mails are stored in mail_outbox (and logged, see withMailLog). */
export const createOutboxMailer = (db: TDb): TMailer => ({
  transport: 'outbox',
  send: async (mail) => {
    await recordMail(db, {
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
