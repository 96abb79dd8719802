import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { companies, departements, notifications, users } from '../src/db/schema.ts';
import { seedDemo } from '../src/demo/seed.ts';
import { callAs, login } from './auth-helpers.ts';
import { purchase, stampNewDocument, type TSession } from './documents-helpers.ts';
import { createTestContext, RELAXED_LIMITS, type TTestContext, unique } from './helpers.ts';
import { startSmtpServer, type TReceivedMail, verifiedOverSmtp } from './smtp-helpers.ts';

/**
 * E-mail for the notices that matter (issue 16), through the real SMTP test server and fired by
 * the real flows: a quota transfer, sandbox payments, a stamp below the quota warning.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let received: TReceivedMail[];
let ctx: TTestContext;
const WAIT = { timeout: 30_000, interval: 200 };

beforeAll(async () => {
  smtp = await startSmtpServer();
  received = smtp.received;
  ctx = await createTestContext({ env: { ...RELAXED_LIMITS }, mailer: smtp.mailer });
  await seedDemo(ctx.database.db, { password: 'Demo#2026!' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

type TMember = { email: string; session: TSession };

/** A new company with a department: its admin (English) and a department user (Indonesian). */
const company = async () => {
  const db = ctx.database.db;
  const [row] = await db
    .insert(companies)
    .values({ name: `PT Surat ${unique()}` })
    .returning();
  const companyId = row?.id ?? 0;
  const [dept] = await db.insert(departements).values({ companyId, name: 'Keuangan' }).returning();
  const departementId = dept?.id ?? 0;
  const member = async (
    role: 'admin-company' | 'user',
    language: 'en' | 'id',
  ): Promise<TMember> => {
    const email = await verifiedOverSmtp(ctx, received);
    await db
      .update(users)
      .set({
        role,
        userType: 'company',
        companyId,
        departementId: role === 'user' ? departementId : null,
        language,
      })
      .where(eq(users.email, email));
    return { email, session: (await login(ctx, email)) as TSession };
  };
  return {
    departementId,
    /** The company's or the department's quota account. */
    wallet: (ownerType: 'company' | 'departement') => ({
      ownerType,
      ownerId: ownerType === 'company' ? companyId : departementId,
      companyId,
    }),
    admin: await member('admin-company', 'en'),
    user: await member('user', 'id'),
  };
};

const mailsTo = (email: string, subject: string) =>
  received.filter((m) => m.to.includes(email) && m.raw.includes(`Subject: ${subject}`));

describe('notice e-mails', () => {
  it('a quota transfer mails the department user once, in their language', async () => {
    const c = await company();
    await purchase(ctx, c.wallet('company'), 'emeterai', 20);
    const res = await callAs(ctx, c.admin.session, 'POST', '/api/v1/quota/transfer-quota-company', {
      departement_id: c.departementId,
      quota: 3,
      type: 'emeterai',
    });
    expect(res.statusCode, res.body).toBe(200);
    await vi.waitFor(() => {
      const mails = mailsTo(c.user.email, 'Kuota diterima');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.raw).toContain('Departemen Anda menerima 3 kuota e-Meterai.');
      expect(mails[0]?.raw).toContain('/dashboard');
    }, WAIT);
    // The admin who sent it is not in the department: no mail for them.
    expect(received.some((m) => m.to.includes(c.admin.email) && /Quota/.test(m.raw))).toBe(false);

    // The same event again (a retried job) and the mail job again: nothing new in the inbox.
    const db = ctx.database.db;
    const [notice] = await db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, c.user.session.userData.id),
          like(notifications.key, 'quota-received:%'),
        ),
      );
    await vi.waitFor(async () => {
      const [row] = await db
        .select({ mailedAt: notifications.mailedAt })
        .from(notifications)
        .where(eq(notifications.id, notice?.id ?? 0));
      expect(row?.mailedAt).not.toBeNull();
    }, WAIT);
    const again = {
      userId: notice?.userId ?? 0,
      key: notice?.key ?? '',
      header: notice?.header ?? '',
      content: notice?.content ?? '',
      link: notice?.link ?? null,
      mail: true,
    };
    expect((await ctx.app.jobs.sendAndWait('notify', again, { timeoutMs: 20_000 })).status).toBe(
      'done',
    );
    const mailJob = { notificationId: notice?.id ?? 0 };
    expect(
      (await ctx.app.jobs.sendAndWait('notice-mail', mailJob, { timeoutMs: 20_000 })).status,
    ).toBe('done');
    expect(mailsTo(c.user.email, 'Kuota diterima')).toHaveLength(1);
  });

  it('a sandbox payment settled and a failed one mail the buyer', async () => {
    const c = await company();
    const buy = async (quantity: number) => {
      const res = await callAs(ctx, c.admin.session, 'POST', '/api/v1/purchase/quota', {
        type: 'emeterai',
        quantity,
        method: 'gateway',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: number; number: string };
    };
    const complete = (id: number, outcome: 'success' | 'failure') =>
      callAs(ctx, c.admin.session, 'POST', `/api/v1/purchase/sandbox/${id}/complete`, {
        outcome,
      });
    const paid = await buy(5);
    expect((await complete(paid.id, 'success')).json().data.status).toBe('paid');
    const failed = await buy(2);
    expect((await complete(failed.id, 'failure')).json().data.status).toBe('failed');
    await vi.waitFor(() => {
      const settled = mailsTo(c.admin.email, 'Payment settled');
      expect(settled).toHaveLength(1);
      expect(settled[0]?.raw).toContain(`The payment of invoice ${paid.number} is settled.`);
      expect(settled[0]?.raw).toContain(`/quota/invoice/${paid.id}`);
      const lost = mailsTo(c.admin.email, 'Payment failed');
      expect(lost).toHaveLength(1);
      expect(lost[0]?.raw).toContain(`The payment of invoice ${failed.number} failed.`);
    }, WAIT);
  }, 90_000);

  it('a stamp that takes the balance below threshold_quota_warning mails the department', async () => {
    const c = await company();
    await purchase(ctx, c.wallet('departement'), 'emeterai', 10);
    await stampNewDocument(ctx, c.user.session);
    await vi.waitFor(() => {
      const low = mailsTo(c.user.email, 'Kuota hampir habis');
      expect(low).toHaveLength(1);
      expect(low[0]?.raw).toContain('Sisa kuota e-Meterai: 9 (di bawah 10).');
    }, WAIT);
    // A finished stamp is an in-app notice only: no mail for it.
    expect(mailsTo(c.user.email, 'Dokumen selesai')).toHaveLength(0);
  });
});
