/**
 * Issue 15 with PAYMENT_GATEWAY=midtrans against a loopback Midtrans: Snap transaction, signed
 * notifications (correct and forged), status re-query, repeated and concurrent deliveries.
 */
import { createHash } from 'node:crypto';
import type { TInvoice } from '@bubuh/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentNotifications } from '../src/db/schema.ts';
import { seedDemo } from '../src/demo/seed.ts';
import { balanceOf } from '../src/modules/quota/ledger.ts';
import { callAs, login } from './auth-helpers.ts';
import { startFakeMidtrans } from './fake-midtrans.ts';
import { createTestContext, RELAXED_LIMITS, type TTestContext } from './helpers.ts';

const SERVER_KEY = 'SB-Mid-server-TEST-key-0123456789';
let ctx: TTestContext;
let midtrans: Awaited<ReturnType<typeof startFakeMidtrans>>;
let admin: Awaited<ReturnType<typeof login>>;
let companyId: number;

beforeAll(async () => {
  midtrans = await startFakeMidtrans(SERVER_KEY);
  ctx = await createTestContext({
    env: {
      ...RELAXED_LIMITS,
      PAYMENT_GATEWAY: 'midtrans',
      MIDTRANS_SERVER_KEY: SERVER_KEY,
      MIDTRANS_SNAP_URL: midtrans.url,
      MIDTRANS_API_URL: midtrans.url,
    },
  });
  await seedDemo(ctx.database.db, { password: 'Demo#2026!' });
  admin = await login(ctx, 'admin@demo.local', 'Demo#2026!');
  companyId = admin.userData.company_id ?? 0;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await midtrans?.close();
});

const balance = () =>
  balanceOf(ctx.database.db, { ownerType: 'company', ownerId: companyId, companyId }, 'emeterai');

const notification = (invoice: TInvoice, transactionStatus: string, key = SERVER_KEY) => {
  const gross = `${invoice.total}.00`;
  const statusCode = transactionStatus === 'settlement' ? '200' : '201';
  return {
    transaction_time: '2026-11-24 08:00:00',
    transaction_status: transactionStatus,
    transaction_id: `tx-${invoice.number}`,
    status_message: 'midtrans payment notification',
    status_code: statusCode,
    signature_key: createHash('sha512')
      .update(`${invoice.number}${statusCode}${gross}${key}`)
      .digest('hex'),
    payment_type: 'bank_transfer',
    order_id: invoice.number,
    merchant_id: 'G000000000',
    gross_amount: gross,
    fraud_status: 'accept',
    currency: 'IDR',
  };
};

const notify = (body: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/purchase/notification/midtrans', payload: body });

const buy = async (quantity: number) => {
  const res = await callAs(ctx, admin, 'POST', '/api/v1/purchase/quota', {
    type: 'emeterai',
    quantity,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: TInvoice }).data;
};

describe('Midtrans Snap', () => {
  it('creates the Snap transaction with the server-computed total', async () => {
    const invoice = await buy(50);
    const res = await callAs(ctx, admin, 'POST', `/api/v1/purchase/invoice/${invoice.id}/pay`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.redirect_url).toMatch(/^https:\/\/app\.sandbox\.midtrans\.com\/snap\//);
    const sent = midtrans.created.at(-1) as {
      transaction_details: { order_id: string; gross_amount: number };
      item_details: { price: number; quantity: number }[];
      callbacks: { finish: string };
      enabled_payments?: string[];
    };
    expect(sent.enabled_payments).toBeUndefined();
    expect(sent.transaction_details).toEqual({ order_id: invoice.number, gross_amount: 599_400 });
    const itemsSum = sent.item_details.reduce((s, i) => s + i.price * i.quantity, 0);
    expect(itemsSum).toBe(599_400);
    expect(sent.callbacks.finish).toContain(`/payment/success?invoice=${invoice.id}`);
  });

  it('DANA (oauth-dana) is asked of Snap as the only channel; a promo discount is an item', async () => {
    const superUser = await login(ctx, 'super@demo.local', 'Demo#2026!');
    const code = await callAs(ctx, superUser, 'POST', '/api/v1/promo-code', {
      code: 'DANA10',
      kind: 'percent',
      value: 1000,
    });
    expect(code.statusCode, code.body).toBe(201);
    const res = await callAs(ctx, admin, 'POST', '/api/v1/purchase/quota', {
      type: 'emeterai',
      quantity: 50,
      channel: 'dana',
      token: 'dana10',
    });
    expect(res.statusCode, res.body).toBe(201);
    const invoice = (res.json() as { data: TInvoice }).data;
    expect(invoice.channel).toBe('dana');
    // 540 000 − 10 % = 486 000; PPN 11 % on it = 53 460
    expect(invoice).toMatchObject({ discount: 54_000, tax: 53_460, total: 539_460 });
    const pay = await callAs(ctx, admin, 'POST', `/api/v1/purchase/invoice/${invoice.id}/pay`);
    expect(pay.statusCode, pay.body).toBe(200);
    const sent = midtrans.created.at(-1) as {
      transaction_details: { gross_amount: number };
      item_details: { price: number; quantity: number }[];
      enabled_payments?: string[];
    };
    expect(sent.enabled_payments).toEqual(['dana']);
    expect(sent.transaction_details.gross_amount).toBe(539_460);
    expect(sent.item_details.reduce((s, i) => s + i.price * i.quantity, 0)).toBe(539_460);
  });

  it('refuses a forged notification, keeps it, and credits nothing', async () => {
    const invoice = await buy(10);
    midtrans.setStatus(invoice.number, invoice.total, 'settlement');
    const before = await balance();
    const res = await notify(notification(invoice, 'settlement', 'not-the-server-key'));
    expect(res.statusCode).toBe(403);
    expect(await balance()).toBe(before);
    const [stored] = await ctx.database.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderId, invoice.number));
    expect(stored).toMatchObject({ verified: 'no', outcome: 'rejected-signature' });
  });

  it('believes the status query, not the notification', async () => {
    const invoice = await buy(4);
    midtrans.setStatus(invoice.number, invoice.total, 'pending', '201');
    const before = await balance();
    expect((await notify(notification(invoice, 'settlement'))).statusCode).toBe(200);
    expect(await balance()).toBe(before);
    const read = await callAs(ctx, admin, 'GET', `/api/v1/purchase/invoice/${invoice.id}`);
    expect(read.json().data.status).toBe('pending');
  });

  it('20 concurrent duplicate notifications credit once; a late expire changes nothing', async () => {
    const invoice = await buy(25);
    midtrans.setStatus(invoice.number, invoice.total, 'settlement');
    const before = await balance();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => notify(notification(invoice, 'settlement'))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await balance()).toBe(before + 25);
    const read = await callAs(ctx, admin, 'GET', `/api/v1/purchase/invoice/${invoice.id}`);
    expect(read.json().data.status).toBe('paid');

    midtrans.setStatus(invoice.number, invoice.total, 'expire', '407');
    expect((await notify(notification(invoice, 'expire'))).statusCode).toBe(200);
    const after = await callAs(ctx, admin, 'GET', `/api/v1/purchase/invoice/${invoice.id}`);
    expect(after.json().data.status).toBe('paid');
    expect(await balance()).toBe(before + 25);
  });

  it('a deny from the gateway fails the invoice without credit', async () => {
    const invoice = await buy(6);
    midtrans.setStatus(invoice.number, invoice.total, 'deny', '202');
    const before = await balance();
    await notify(notification(invoice, 'deny'));
    const read = await callAs(ctx, admin, 'GET', `/api/v1/purchase/invoice/${invoice.id}`);
    expect(read.json().data.status).toBe('failed');
    expect(await balance()).toBe(before);
  });
});
