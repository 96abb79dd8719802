import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.ts';
import { createSmtpMailer } from '../src/modules/mail/smtp-mailer.ts';
import { PASSWORD } from './auth-helpers.ts';
import { createTestContext, type TTestContext, unique } from './helpers.ts';

type TReceived = { from: string; to: string[]; raw: string };

describe('mail over SMTP', () => {
  const received: TReceived[] = [];
  let server: SMTPServer;
  let ctx: TTestContext;

  beforeAll(async () => {
    server = new SMTPServer({
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
    const { port } = server.server.address() as AddressInfo;
    ctx = await createTestContext({
      mailer: (database) =>
        createSmtpMailer(database.db, `smtp://127.0.0.1:${port}`, 'Bubuh <no-reply@bubuh.test>'),
    });
  });

  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the register OTP over SMTP, and the code from the mail verifies the account', async () => {
    const email = `smtp-${unique()}@example.com`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Sari SMTP',
        email,
        phoneNumber: '081234567890',
        password: PASSWORD,
        type: 'personal',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const mail = received.find((m) => m.to.includes(email));
    expect(mail?.from).toBe('no-reply@bubuh.test');
    expect(mail?.raw).toContain('Subject: Your Bubuh verification code');
    const code = mail?.raw.match(/verify your e-mail address:\s+(\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const verify = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/otp/verify',
      payload: { email, otp: code },
    });
    expect(verify.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(row).toMatchObject({ transport: 'smtp', error: null });
    // The delivery log keeps no copy of the code: it exists only in the recipient's inbox.
    expect(JSON.stringify(row)).not.toContain(code);
  });
});

describe('dev outbox exposure', () => {
  it('exists only while mails go to the outbox and never in production', async () => {
    const outbox = await createTestContext();
    const production = await createTestContext({ env: { NODE_ENV: 'production' } });
    const smtp = await createTestContext({
      mailer: (database) =>
        createSmtpMailer(database.db, 'smtp://127.0.0.1:9', 'Bubuh <no-reply@bubuh.test>'),
    });
    try {
      expect((await outbox.app.inject({ method: 'GET', url: '/dev/outbox.json' })).statusCode).toBe(
        200,
      );
      expect(
        (await production.app.inject({ method: 'GET', url: '/dev/outbox.json' })).statusCode,
      ).toBe(404);
      expect((await smtp.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await Promise.all([outbox.close(), production.close(), smtp.close()]);
    }
  }, 90_000); // three databases to create and migrate
});
