import { ZMasterStatusList, ZPlanList } from '@bubuh/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/demo/seed.ts';
import { bearer, callAs, login } from './auth-helpers.ts';
import { createTestContext, type TTestContext } from './helpers.ts';

/**
 * The super's catalogue and configuration values are checked on the server too, whatever the
 * web form lets through. Every value changed here is put back, so other files are unaffected.
 */
let ctx: TTestContext;
let superSession: { accessToken: string };

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN_PER_MINUTE: '1000' } });
  await seedDemo(ctx.database.db, { password: 'Demo#2026!' });
  superSession = await login(ctx, 'super@demo.local', 'Demo#2026!');
});
afterAll(() => ctx.close());

const patch = (url: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url, headers: bearer(superSession), payload });

describe('plan edits', () => {
  it('refuses figures a plan cannot have', async () => {
    const plans = ZPlanList.parse(
      (
        await ctx.app.inject({ method: 'GET', url: '/api/v1/plans', headers: bearer(superSession) })
      ).json(),
    ).data.data;
    const plan = plans[0];
    if (!plan) throw new Error('no seeded plan');
    const url = `/api/v1/plans/${plan.plan}`;
    for (const body of [
      { price: -1 },
      { total_esign: 2_147_483_648 },
      { duration_days: 0 },
      { total_emeterai: 1.5 },
      { plan_name: '   ' },
      { status: 'sometimes' },
    ]) {
      const res = await patch(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.status).toBe('VALIDATION_FAILED');
    }
    // A field named `status` does not overwrite the error code.
    const wrongStatus = await patch(url, { status: 'sometimes' });
    expect(wrongStatus.json().errors.status).toBe('VALIDATION_FAILED');
    expect(wrongStatus.json().errors['body.status']).toMatch(/active/);
    const fine = await patch(url, { note: 'Diperbarui', total_psre: plan.total_psre });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().data.note).toBe('Diperbarui');
    await patch(url, { note: plan.note });
  });
});

describe('configuration values', () => {
  it('keeps the integer settings whole numbers within their range', async () => {
    const list = ZMasterStatusList.parse(
      (await callAs(ctx, superSession, 'GET', '/api/master-status/master-status-list')).json(),
    ).data.data;
    const threshold = list.find((s) => s.status_group === 'threshold_quota_warning');
    const gauge = list.find((s) => s.status_group === 'max_gauge_personal');
    if (!threshold || !gauge) throw new Error('seeded settings missing');
    const url = (id: number) => `/api/master-status/${id}`;

    const words = await patch(url(threshold.id), { status_name: 'sepuluh' });
    expect(words.statusCode).toBe(400);
    expect(words.json().message).toBe('Enter a whole number from 0 to 2147483647');
    expect(words.json().errors.status_name).toBe('whole number 0..2147483647');
    expect((await patch(url(gauge.id), { status_name: '0' })).statusCode).toBe(400);
    expect((await patch(url(threshold.id), { status_name: '-3' })).statusCode).toBe(400);

    const padded = await patch(url(threshold.id), { status_name: '007' });
    expect(padded.statusCode, padded.body).toBe(200);
    expect(padded.json().data.status_name).toBe('7');
    await patch(url(threshold.id), { status_name: threshold.status_name });
  });
});
