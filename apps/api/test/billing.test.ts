/**
 * Issue 15: buying units and plans with the embedded sandbox gateway, bank transfer proofs,
 * invoices, receipts (PDF), purchase and transaction lists, tenancy.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { computeTotals, percentToBasisPoints, type TInvoice } from '@bubuh/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, invoices, users } from '../src/db/schema.ts';
import { balanceOf } from '../src/modules/quota/ledger.ts';
import { callAs, createVerifiedUser, login, PASSWORD, seedDemoSessions } from './auth-helpers.ts';
import { createTestContext, RELAXED_LIMITS, type TTestContext } from './helpers.ts';
import { multipartBody } from './multipart.ts';

let ctx: TTestContext;
type TSession = Awaited<ReturnType<typeof login>>;
let admin: TSession;
let user: TSession;
let personal: TSession;
let superUser: TSession;
let companyId: number;

beforeAll(async () => {
  ctx = await createTestContext({ env: RELAXED_LIMITS });
  ({
    admin,
    user,
    personal,
    super: superUser,
  } = await seedDemoSessions(ctx, ['admin', 'user', 'personal', 'super']));
  companyId = admin.userData.company_id ?? 0;
}, 120_000);
afterAll(() => ctx?.close());

/** Completes `invoiceId` in the embedded sandbox gateway with `outcome`, as `as`. */
const completeSandbox = (as: TSession, invoiceId: number, outcome: 'success' | 'failure') =>
  callAs(ctx, as, 'POST', `/api/v1/purchase/sandbox/${invoiceId}/complete`, { outcome });

/** Makes `invoiceId` due `ago` (a PostgreSQL interval) in the past. */
const dueAgo = (invoiceId: number, ago: string) =>
  ctx.database.db
    .update(invoices)
    .set({ dueAt: sql`now() - ${ago}::interval` })
    .where(eq(invoices.id, invoiceId));

const companyBalance = (kind: 'emeterai' | 'esign') =>
  balanceOf(ctx.database.db, { ownerType: 'company', ownerId: companyId, companyId }, kind);

const buyUnits = async (as: TSession, quantity: number, method = 'gateway') => {
  const res = await callAs(ctx, as, 'POST', '/api/v1/purchase/quota', {
    type: 'emeterai',
    quantity,
    method,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: TInvoice }).data;
};

describe('totals', () => {
  it('adds PPN rounded to the rupiah, in integers', () => {
    expect(computeTotals([{ quantity: 50, unitPrice: 10_800 }], 1100)).toEqual({
      subtotal: 540_000,
      discount: 0,
      tax: 59_400,
      total: 599_400,
    });
    // 3 × 1.001 = 3.003 → 11 % = 330.33 → 330; 5 × 3 at 12.5 % = 1.875 → 2
    expect(computeTotals([{ quantity: 3, unitPrice: 1_001 }], 1100).tax).toBe(330);
    expect(computeTotals([{ quantity: 5, unitPrice: 3 }], 1250).tax).toBe(2);
    expect(percentToBasisPoints('11')).toBe(1100);
    expect(percentToBasisPoints('11,5')).toBe(1150);
    expect(percentToBasisPoints('abc')).toBeNull();
  });
});

describe('buying units with the sandbox gateway', () => {
  it('prices from configuration: the server computes the invoice', async () => {
    const invoice = await buyUnits(admin, 50);
    expect(invoice).toMatchObject({
      status: 'pending',
      subtotal: 540_000,
      tax_rate_bp: 1100,
      tax: 59_400,
      total: 599_400,
      gateway: 'sandbox',
    });
    expect(invoice.number).toMatch(/^INV-\d{8}-\d{6}$/);
    expect(invoice.items).toEqual([
      expect.objectContaining({ kind: 'emeterai', quantity: 50, unit_price: 10_800 }),
    ]);
  });

  it('pays in the sandbox: units arrive once, the redirect shows the real status', async () => {
    const before = await companyBalance('emeterai');
    const invoice = await buyUnits(admin, 50);
    const start = await callAs(ctx, admin, 'POST', `/api/v1/purchase/invoice/${invoice.id}/pay`);
    expect(start.json().data.redirect_url).toBe(`/payment/sandbox/${invoice.id}`);
    const paid = await completeSandbox(admin, invoice.id, 'success');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toEqual({
      status: 'paid',
      redirect_url: `/payment/success?invoice=${invoice.id}`,
    });
    expect(await companyBalance('emeterai')).toBe(before + 50);
    const again = await completeSandbox(admin, invoice.id, 'success');
    expect(again.statusCode).toBe(409);
    expect(await companyBalance('emeterai')).toBe(before + 50);
    const read = await callAs(ctx, admin, 'GET', `/api/v1/purchase/invoice/${invoice.id}`);
    expect(read.json().data).toMatchObject({ status: 'paid', paid_at: expect.any(String) });

    const tx = await callAs(ctx, admin, 'GET', '/api/v1/transaction?type=purchase');
    expect(tx.json().data.data[0]).toMatchObject({
      type: 'purchase',
      kind: 'emeterai',
      quantity: 50,
      reference: invoice.number,
      by: 'Ayu Admin',
    });
  });

  it('a failed payment lands on /payment/failed and credits nothing', async () => {
    const before = await companyBalance('emeterai');
    const invoice = await buyUnits(admin, 5);
    const res = await completeSandbox(admin, invoice.id, 'failure');
    expect(res.json().data).toEqual({
      status: 'failed',
      redirect_url: `/payment/failed?invoice=${invoice.id}`,
    });
    expect(await companyBalance('emeterai')).toBe(before);
  });

  it('an expired invoice cannot be paid and reads Expired', async () => {
    const invoice = await buyUnits(admin, 3);
    await dueAgo(invoice.id, '1 minute');
    const read = await callAs(ctx, admin, 'GET', `/api/v1/purchase/invoice/${invoice.id}`);
    expect(read.json().data.status).toBe('expired');
    const pay = await callAs(ctx, admin, 'POST', `/api/v1/purchase/invoice/${invoice.id}/pay`);
    expect(pay.statusCode).toBe(409);
    expect(pay.json().message).toBe('This invoice has expired');
    const sandbox = await completeSandbox(admin, invoice.id, 'success');
    expect(sandbox.statusCode).toBe(409);
    const list = await callAs(
      ctx,
      admin,
      'GET',
      `/api/v1/purchase/get/${admin.userData.id}?sort=DESC`,
    );
    expect(list.json().data.data.find((p: { id: number }) => p.id === invoice.id)?.status).toBe(
      'Expired',
    );
  });

  it('the scheduled expiry job marks overdue invoices expired', async () => {
    const invoice = await buyUnits(admin, 4);
    await dueAgo(invoice.id, '1 second');
    const run = await ctx.app.jobs.sendAndWait('expire-invoices', {}, { timeoutMs: 20_000 });
    expect(run.status).toBe('done');
    const [row] = await ctx.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row?.status).toBe('expired');
    expect((await ctx.app.jobs.schedules()).map((s) => s.name)).toContain('expire-invoices');
  });

  it("another company's or another user's invoice answers 404", async () => {
    const invoice = await buyUnits(admin, 2);
    // An admin of another company.
    const email = await createVerifiedUser(ctx);
    const [company] = await ctx.database.db
      .insert(companies)
      .values({ name: 'PT Lain Sendiri' })
      .returning({ id: companies.id });
    await ctx.database.db
      .update(users)
      .set({ role: 'admin', userType: 'company', companyId: company?.id ?? null })
      .where(eq(users.email, email));
    const otherAdmin = await login(ctx, email, PASSWORD);
    const own = await buyUnits(otherAdmin, 1);
    expect(own.buyer.company).toBe('PT Lain Sendiri');
    for (const who of [otherAdmin, personal, user, superUser]) {
      for (const [method, url] of [
        ['GET', `/api/v1/purchase/invoice/${invoice.id}`],
        ['POST', `/api/v1/purchase/invoice/${invoice.id}/pay`],
        ['GET', `/api/v1/purchase/invoice/${invoice.id}/pdf`],
      ] as const) {
        expect(
          (await callAs(ctx, who, method, url)).statusCode,
          `${who.userData.email} ${url}`,
        ).toBe(404);
      }
    }
    const others = await callAs(ctx, personal, 'GET', `/api/v1/purchase/get/${admin.userData.id}`);
    expect(others.statusCode).toBe(404);
  });

  it('lists purchases newest first with the spec fields', async () => {
    const a = await buyUnits(admin, 11);
    const b = await buyUnits(admin, 12);
    const res = await callAs(
      ctx,
      admin,
      'GET',
      `/api/v1/purchase/get/${admin.userData.id}?sort=DESC`,
    );
    const rows = res.json().data.data as { id: number }[];
    expect(rows[0]).toMatchObject({
      id: b.id,
      invoiceNumber: b.number,
      puchaseBy: 'Ayu Admin',
      qty: 12,
      amount: b.total,
      status: 'Pending',
    });
    expect(rows[1]?.id).toBe(a.id);
  });
});

describe('plans', () => {
  it('paying a plan switches the subscription and credits its units', async () => {
    const plans = (await callAs(ctx, personal, 'GET', '/api/v1/plans')).json().data.data as {
      plan: number;
      plan_name: string;
      price: number;
    }[];
    const starter = plans.find((p) => p.plan_name === 'Starter');
    if (!starter) throw new Error('no Starter plan');
    const res = await callAs(ctx, personal, 'POST', '/api/v1/purchase/plan', {
      plan_id: starter.plan,
    });
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json().data as TInvoice;
    expect(invoice.total).toBe(
      computeTotals([{ quantity: 1, unitPrice: starter.price }], 1100).total,
    );
    const me = { ownerType: 'user' as const, ownerId: personal.userData.id, companyId: null };
    const before = await balanceOf(ctx.database.db, me, 'esign');
    await completeSandbox(personal, invoice.id, 'success');
    expect(await balanceOf(ctx.database.db, me, 'esign')).toBe(before + 100);
    const sub = await callAs(
      ctx,
      personal,
      'GET',
      `/api/v1/users/subscription-user/${personal.userData.id}`,
    );
    expect(sub.json().data.plan_name).toBe('Starter');
    const forbidden = await callAs(ctx, user, 'POST', '/api/v1/purchase/plan', {
      plan_id: starter.plan,
    });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('bank transfer', () => {
  it('the customer uploads a proof, super confirms once, the units arrive', async () => {
    const before = await companyBalance('emeterai');
    const invoice = await buyUnits(admin, 20, 'bank_transfer');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const fake = multipartBody(
      {},
      { field: 'file', name: 'proof.png', content: Buffer.from('hello'), type: 'image/png' },
    );
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/purchase/invoice/${invoice.id}/proof`,
      headers: { authorization: `Bearer ${admin.accessToken}`, ...fake.headers },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(415);
    const body = multipartBody(
      {},
      { field: 'file', name: 'bukti.txt', content: png, type: 'text/plain' },
    );
    const up = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/purchase/invoice/${invoice.id}/proof`,
      headers: { authorization: `Bearer ${admin.accessToken}`, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    const proof = up.json().data as { id: number; status: string };
    expect(proof.status).toBe('submitted');

    expect((await callAs(ctx, admin, 'GET', '/api/v1/purchase/proofs')).statusCode).toBe(403);
    const list = await callAs(ctx, superUser, 'GET', '/api/v1/purchase/proofs?status=submitted');
    expect(list.json().data.data[0]).toMatchObject({
      id: proof.id,
      invoice_number: invoice.number,
    });
    const file = await callAs(ctx, superUser, 'GET', `/api/v1/purchase/proofs/${proof.id}/file`);
    expect(file.headers['content-type']).toBe('image/png');

    const confirms = await Promise.all(
      [1, 2, 3].map(() =>
        callAs(ctx, superUser, 'POST', `/api/v1/purchase/proofs/${proof.id}/confirm`, {}),
      ),
    );
    expect(confirms.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await companyBalance('emeterai')).toBe(before + 20);
    const read = await callAs(ctx, admin, 'GET', `/api/v1/purchase/invoice/${invoice.id}`);
    expect(read.json().data).toMatchObject({ status: 'paid', proof_status: 'confirmed' });
  });
});

describe('receipt PDF', () => {
  it('a paid invoice downloads as a receipt PDF with the NPWP and the seller', async () => {
    const invoice = await buyUnits(admin, 50);
    await completeSandbox(admin, invoice.id, 'success');
    const res = await callAs(ctx, admin, 'GET', `/api/v1/purchase/invoice/${invoice.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const file = path.join(ctx.dir, 'receipt.pdf');
    fs.writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('KUITANSI');
    expect(text).toContain(invoice.number);
    expect(text).toContain('PT Bubuh Digital Indonesia');
    expect(text).toMatch(/Rp\s?599\.400/);
    if (invoice.buyer.npwp) expect(text).toContain(invoice.buyer.npwp);
  });
});
