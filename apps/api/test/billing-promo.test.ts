/**
 * Issue 15, promo and voucher codes (`apply-token`): percentage and fixed discounts, expiry, usage
 * limit taken atomically when the invoice is created, management by super only.
 */
import type { TInvoice, TPromoCode } from '@bubuh/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, promoCodes } from '../src/db/schema.ts';
import { callAs, type login, seedDemoSessions } from './auth-helpers.ts';
import { createTestContext, RELAXED_LIMITS, type TTestContext } from './helpers.ts';

let ctx: TTestContext;
type TSession = Awaited<ReturnType<typeof login>>;
let admin: TSession;
let user: TSession;
let superUser: TSession;

beforeAll(async () => {
  ctx = await createTestContext({ env: RELAXED_LIMITS });
  ({ admin, user, super: superUser } = await seedDemoSessions(ctx, ['admin', 'user', 'super']));
}, 120_000);
afterAll(() => ctx?.close());

const createCode = async (body: Record<string, unknown>) => {
  const res = await callAs(ctx, superUser, 'POST', '/api/v1/promo-code', body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: TPromoCode }).data;
};
const buy = (as: TSession, token: string, quantity = 50) =>
  callAs(ctx, as, 'POST', '/api/v1/purchase/quota', { type: 'emeterai', quantity, token });
const preview = (token: string, quantity = 50) =>
  callAs(ctx, admin, 'POST', '/api/v1/purchase/apply-token', {
    token,
    type: 'emeterai',
    quantity,
  });

describe('promo codes', () => {
  it('previews and applies a percentage discount; PPN is taken on the discounted amount', async () => {
    await createCode({ code: 'HEMAT10', kind: 'percent', value: 1000, usage_limit: 5 });
    const shown = await preview('hemat10');
    expect(shown.statusCode, shown.body).toBe(200);
    // 50 × 10 800 = 540 000; −10 % = 486 000; PPN 11 % = 53 460
    expect(shown.json().data).toMatchObject({
      code: 'HEMAT10',
      subtotal: 540_000,
      discount: 54_000,
      tax: 53_460,
      total: 539_460,
    });
    const list = await callAs(ctx, superUser, 'GET', '/api/v1/promo-code');
    const listed = (list.json().data.data as TPromoCode[]).find((c) => c.code === 'HEMAT10');
    expect(listed?.used_count).toBe(0); // a preview counts nothing

    const res = await buy(admin, 'HEMAT10');
    expect(res.statusCode, res.body).toBe(201);
    const invoice = (res.json() as { data: TInvoice }).data;
    expect(invoice).toMatchObject({ promo_code: 'HEMAT10', subtotal: 540_000, discount: 54_000 });
    expect(invoice.total).toBe(539_460);
    const again = await callAs(ctx, admin, 'GET', `/api/v1/purchase/invoice/${invoice.id}`);
    expect(again.json().data).toMatchObject({ discount: 54_000, total: 539_460 });
  });

  it('a fixed discount never takes the amount below zero', async () => {
    await createCode({ code: 'POTONG50K', kind: 'fixed', value: 50_000 });
    const small = await buy(admin, 'POTONG50K', 2); // 21 600 < 50 000
    expect(small.statusCode, small.body).toBe(201);
    expect(small.json().data).toMatchObject({
      subtotal: 21_600,
      discount: 21_600,
      tax: 0,
      total: 0,
    });
    const big = await buy(admin, 'POTONG50K', 10); // 108 000 − 50 000 = 58 000 + 6 380
    expect(big.json().data).toMatchObject({ discount: 50_000, tax: 6_380, total: 64_380 });
  });

  it('refuses unknown, expired, inactive and used-up codes with a clear 4xx', async () => {
    expect((await preview('NOPE123')).statusCode).toBe(404);
    expect((await buy(admin, 'NOPE123')).statusCode).toBe(404);

    await createCode({ code: 'LAMA', kind: 'percent', value: 500, expires_on: '2020-01-31' });
    const expired = await preview('LAMA');
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toMatch(/kedaluwarsa|expired/i);
    expect((await buy(admin, 'LAMA')).statusCode).toBe(409);

    const once = await createCode({ code: 'SEKALI', kind: 'fixed', value: 1_000, usage_limit: 1 });
    expect((await buy(admin, 'SEKALI')).statusCode).toBe(201);
    const usedUp = await buy(admin, 'SEKALI');
    expect(usedUp.statusCode).toBe(409);
    expect(usedUp.json().errors.reason).toBe('used_up');

    const off = await callAs(ctx, superUser, 'POST', `/api/v1/promo-code/${once.id}/deactivate`);
    expect(off.json().data.active).toBe(false);
    const mine = await createCode({ code: 'MATI', kind: 'fixed', value: 1_000 });
    await callAs(ctx, superUser, 'POST', `/api/v1/promo-code/${mine.id}/deactivate`);
    expect((await preview('MATI')).statusCode).toBe(409);
  });

  it('two parallel invoices with a code of limit 1: exactly one gets it', async () => {
    const code = await createCode({ code: 'RACE1', kind: 'percent', value: 2000, usage_limit: 1 });
    const results = await Promise.all([buy(admin, 'RACE1'), buy(user, 'RACE1')]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    const [row] = await ctx.database.db.select().from(promoCodes).where(eq(promoCodes.id, code.id));
    expect(row?.usedCount).toBe(1);
    const withCode = await ctx.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.promoCode, 'RACE1'));
    expect(withCode).toHaveLength(1);
  });

  it('edits a code; only super manages codes', async () => {
    const code = await createCode({ code: 'EDITME', kind: 'fixed', value: 5_000 });
    const edited = await callAs(ctx, superUser, 'PUT', `/api/v1/promo-code/${code.id}`, {
      kind: 'percent',
      value: 2500,
      usage_limit: 3,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ kind: 'percent', value: 2500, usage_limit: 3 });
    const tooMuch = await callAs(ctx, superUser, 'PUT', `/api/v1/promo-code/${code.id}`, {
      value: 20_000,
    });
    expect(tooMuch.statusCode).toBe(400);
    const dup = await callAs(ctx, superUser, 'POST', '/api/v1/promo-code', {
      code: 'editme',
      kind: 'fixed',
      value: 1,
    });
    expect(dup.statusCode).toBe(409);

    for (const as of [admin, user]) {
      expect((await callAs(ctx, as, 'GET', '/api/v1/promo-code')).statusCode).toBe(403);
      const made = await callAs(ctx, as, 'POST', '/api/v1/promo-code', {
        code: 'HACK',
        kind: 'fixed',
        value: 1,
      });
      expect(made.statusCode).toBe(403);
      const put = await callAs(ctx, as, 'PUT', `/api/v1/promo-code/${code.id}`, { value: 1 });
      expect(put.statusCode).toBe(403);
    }
  });
});
