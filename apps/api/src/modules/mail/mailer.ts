/** Outgoing mail (design §2): SMTP when SMTP_URL is set, otherwise the database outbox. */
export type TMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Template name and data, kept with the outbox row for support and tests. */
  template: string;
  meta?: Record<string, unknown>;
};

export type TMailer = {
  readonly transport: 'outbox' | 'smtp';
  send: (mail: TMail) => Promise<void>;
};

type TMailLog = { info: (details: Record<string, unknown>, message: string) => void };

/** Logs every mail sent (recipient, template, transport; never the body, which holds codes). */
export const withMailLog = (mailer: TMailer, log: TMailLog): TMailer => ({
  transport: mailer.transport,
  send: async (mail) => {
    await mailer.send(mail);
    log.info(
      { to: mail.to, template: mail.template, transport: mailer.transport },
      mailer.transport === 'outbox' ? 'mail stored in the outbox (no SMTP_URL)' : 'mail sent',
    );
  },
});
