import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../src/db/schema.ts';
import { AppError } from '../src/lib/app-error.ts';
import { sendBatchFinishedMail } from '../src/modules/batches/batch-mail.ts';
import { createOutboxMailer } from '../src/modules/mail/outbox-mailer.ts';
import { createSmtpMailer } from '../src/modules/mail/smtp-mailer.ts';
import { bearer } from './auth-helpers.ts';
import { addBatchPdf, createBatch, runBatchToEnd } from './batch-helpers.ts';
import { newDepartmentUser } from './documents-helpers.ts';
import { createTestContext, type TTestContext } from './helpers.ts';
import { startSmtpServer } from './smtp-helpers.ts';

/** Bulk stamping (issue 13): the owner gets an e-mail with the counts when a batch finishes. */
describe('bulk stamping: e-mail when a batch finishes', () => {
  let sink: Awaited<ReturnType<typeof startSmtpServer>>;
  let ctx: TTestContext;

  beforeAll(async () => {
    sink = await startSmtpServer();
    ctx = await createTestContext({
      env: { PUBLIC_URL: 'https://bubuh.test' },
      // SMTP for real; the outbox copy is only there so the helpers can read sign-up codes.
      mailer: (database) => {
        const smtp = sink.mailer(database);
        const outbox = createOutboxMailer(database.db);
        return {
          transport: 'smtp',
          send: async (mail) => {
            await smtp.send(mail);
            if (mail.template.startsWith('otp')) await outbox.send(mail);
          },
        };
      },
      // A file named "gagal…" is refused by the provider (a refusal no retry changes).
      meterai: (local) => ({
        ...local,
        issueSerial: async (input) => {
          if (input.fileName.startsWith('gagal'))
            throw new AppError('UNPROCESSABLE', 'The provider refused this document');
          return local.issueSerial(input);
        },
      }),
    });
  });

  afterAll(async () => {
    await ctx.close();
    await sink.close();
  });

  /** The batch e-mails (not the sign-up codes) delivered to `email`. */
  const mailsTo = (email: string) =>
    sink.received.filter((m) => m.to.includes(email) && m.raw.includes('Stamped: '));

  it('mails the owner the stamped / failed / cancelled counts over SMTP, once, beside the in-app notice', async () => {
    const { session } = await newDepartmentUser(ctx, 3);
    const [owner] = await ctx.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, session.userData.id));
    const email = owner?.email ?? '';
    const batch = await createBatch(ctx, session, 'Kuitansi');
    await addBatchPdf(ctx, session, batch.id, 'satu.pdf');
    await addBatchPdf(ctx, session, batch.id, 'dua.pdf');
    await addBatchPdf(ctx, session, batch.id, 'gagal.pdf');
    const done = await runBatchToEnd(ctx, session, batch.id);
    expect(done.batch.counts).toMatchObject({ stamped: 2, failed: 1 });

    const deadline = Date.now() + 60_000;
    while (mailsTo(email).length === 0) {
      if (Date.now() > deadline) throw new Error('no batch e-mail arrived');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const [mail] = mailsTo(email);
    const raw = (mail?.raw ?? '').replace(/=\r\n/g, '');
    // The subject is MIME-encoded on the wire; the SMTP delivery log holds it as sent.
    const [logged] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'batch-finished')));
    expect(logged).toMatchObject({
      subject: `Batch "${batch.name}" finished`,
      transport: 'smtp',
      error: null,
    });
    expect(raw).toContain('Stamped: 2');
    expect(raw).toContain('Failed: 1');
    expect(raw).toContain('Cancelled: 0');
    expect(raw).toContain(`https://bubuh.test/stamp/bulk/${batch.id}`);

    // The in-app notice (its own job) arrives beside it.
    const noticeDeadline = Date.now() + 30_000;
    for (;;) {
      const notices = await ctx.app.inject({
        method: 'GET',
        url: '/api/notification/list/all-data',
        headers: bearer(session),
      });
      if (notices.body.includes('Batch finished')) break;
      if (Date.now() > noticeDeadline) throw new Error(`no in-app notice: ${notices.body}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    // The job again (a retry, a second delivery of the finish): nobody is mailed twice.
    const finishedAt = done.batch.finished_at ?? '';
    const again = await sendBatchFinishedMail(
      {
        db: ctx.database.db,
        mailer: createSmtpMailer(ctx.database.db, 'smtp://127.0.0.1:1', 'x@y.z'),
        publicUrl: 'https://bubuh.test',
      },
      { batchId: batch.id, finishedAt: new Date(finishedAt).toISOString() },
    );
    expect(again).toEqual({ sent: false });
    expect(mailsTo(email)).toHaveLength(1);
  });
});
