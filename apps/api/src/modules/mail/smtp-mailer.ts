import nodemailer from 'nodemailer';
import type { TDb } from '../../db/client.ts';
import { recordMail } from './mail-log.repository.ts';
import type { TMailer } from './mailer.ts';

/** Meta keys that carry a secret (reset or invitation links, codes): never kept in the log. */
const SECRET_META = new Set(['link', 'code', 'otp', 'token']);

/**
 * SMTP through nodemailer. Every attempt is recorded in mail_outbox with its outcome, but not its
 * body: the mails carry OTP codes and single-use links, which must exist only in the inbox.
 */
export const createSmtpMailer = (db: TDb, smtpUrl: string, from: string): TMailer => {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    send: async (mail) => {
      let error: string | null = null;
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
      }
      await recordMail(db, {
        to: mail.to,
        subject: mail.subject,
        text: '',
        html: '',
        template: mail.template,
        meta: Object.fromEntries(
          Object.entries(mail.meta ?? {}).filter(([key]) => !SECRET_META.has(key)),
        ),
        transport: 'smtp',
        sentAt: error ? null : new Date(),
        error,
      });
      if (error) throw new Error(`SMTP delivery failed: ${error}`);
    },
  };
};
