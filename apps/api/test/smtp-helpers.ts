import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TMailer } from '../src/modules/mail/mailer.ts';
import { createOutboxMailer } from '../src/modules/mail/outbox-mailer.ts';
import { createSmtpMailer } from '../src/modules/mail/smtp-mailer.ts';
import { otpFromMail, registerPersonal } from './auth-helpers.ts';
import { createTestContext, RELAXED_LIMITS, type TTestContext } from './helpers.ts';

/** A received mail: envelope sender and recipients, and the raw message (quoted-printable undone). */
export type TReceivedMail = { from: string; to: string[]; raw: string };

/** Quoted-printable soft breaks and escapes undone, enough to read links and subjects. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * A real SMTP server on a free loopback port that keeps every mail it receives, its `url`, and
 * the `mailer` option of `createTestContext` that sends to it (SMTP, as production with SMTP_URL).
 */
export const startSmtpServer = async () => {
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
          raw: decoded(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  const mailer = (database: TTestContext['database']): TMailer =>
    createSmtpMailer(database.db, url, 'Bubuh <no-reply@bubuh.test>');
  return {
    received,
    url,
    mailer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** A personal account registered and verified with the code that arrived over SMTP: its e-mail. */
export const verifiedOverSmtp = async (ctx: TTestContext, received: TReceivedMail[]) => {
  const email = await registerPersonal(ctx);
  const mail = received.find((m) => m.to.includes(email));
  const verified = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/otp/verify',
    payload: { email, otp: otpFromMail(mail?.raw.split('\r\n\r\n').slice(1).join('\n') ?? '') },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return email;
};

/**
 * One test app per file whose mail goes over a real SMTP server on loopback (`PUBLIC_URL`
 * http://bubuh.test); sign-up codes stay in the outbox, where the auth helpers read them. Call
 * in a `describe`; `ctx` and `received` are there from its `beforeAll` on.
 */
export const smtpContextPerFile = () => {
  let server: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  let built: TTestContext | undefined;
  beforeAll(async () => {
    const smtpServer = await startSmtpServer();
    server = smtpServer;
    built = await createTestContext({
      env: { LOG_LEVEL: 'error', PUBLIC_URL: 'http://bubuh.test', ...RELAXED_LIMITS },
      mailer: (database) => {
        const smtp = smtpServer.mailer(database);
        const outbox = createOutboxMailer(database.db);
        return {
          transport: 'smtp',
          send: (mail) => (mail.template.startsWith('otp') ? outbox : smtp).send(mail),
        };
      },
    });
  });
  afterAll(async () => {
    await built?.close();
    await server?.close();
  });
  return {
    get ctx(): TTestContext {
      if (!built) throw new Error('the test app is built in beforeAll');
      return built;
    },
    get received(): TReceivedMail[] {
      return this.server.received;
    },
    /** The SMTP server, for another mailer of the same app (a job's sweep run directly). */
    get server() {
      if (!server) throw new Error('the SMTP server starts in beforeAll');
      return server;
    },
  };
};
