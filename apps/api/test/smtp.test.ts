import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.ts';
import { createSmtpMailer } from '../src/modules/mail/smtp-mailer.ts';
import { registerPersonal } from './auth-helpers.ts';
import { createTestContext, type TTestContext, unique } from './helpers.ts';
import { startSmtpServer, type TReceivedMail } from './smtp-helpers.ts';

describe('mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let received: TReceivedMail[];
  let ctx: TTestContext;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    received = smtp.received;
    ctx = await createTestContext({ mailer: smtp.mailer });
  });

  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('delivers the register OTP over SMTP, and the code from the mail verifies the account', async () => {
    const email = await registerPersonal(ctx, {
      name: 'Sari SMTP',
      email: `smtp-${unique()}@example.com`,
    });
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
    // Production with the outbox allowed on purpose (and the other demo stand-ins it builds with).
    const production = await createTestContext({
      env: { NODE_ENV: 'production', ALLOW_DEMO_IN_PRODUCTION: 'payment,mail,meterai,signature' },
    });
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
