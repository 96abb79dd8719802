import nodemailer from 'nodemailer';
import type { TDb } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import type { TMailer } from './mailer.ts';

/** SMTP through nodemailer; every attempt is also recorded in mail_outbox with its outcome. */
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
      await db.insert(mailOutbox).values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        template: mail.template,
        meta: mail.meta ?? {},
        transport: 'smtp',
        sentAt: error ? null : new Date(),
        error,
      });
      if (error) throw new Error(`SMTP delivery failed: ${error}`);
    },
  };
};
