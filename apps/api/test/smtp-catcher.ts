import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { TDatabase } from '../src/db/client.ts';
import { createSmtpMailer } from '../src/modules/mail/smtp-mailer.ts';

export type TReceivedMail = { from: string; to: string[]; raw: string };

/**
 * An SMTP server on a free local port that keeps every mail it receives (`raw`: as sent), and
 * the app's SMTP mailer pointed at it. `close` when the file is done.
 */
export const startSmtpCatcher = async () => {
  const received: TReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return {
    received,
    mailer: (database: TDatabase) =>
      createSmtpMailer(database.db, url, 'Bubuh <no-reply@bubuh.test>'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type TSmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;
