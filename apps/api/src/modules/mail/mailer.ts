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
