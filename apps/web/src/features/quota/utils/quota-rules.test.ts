import type { TQuota } from '@bubuh/contracts';
import { describe, expect, it } from 'vitest';
import {
  canMoveQuota,
  INFINITE,
  isLow,
  parseQuotaConfig,
  quotaCards,
  quotaEndpointFor,
  type TQuotaUser,
} from './quota-rules';

const user = (patch: Partial<TQuotaUser> = {}): TQuotaUser => ({
  role: 'user',
  user_type: 'company',
  company_id: 2,
  departement_id: 1,
  ...patch,
});

const quota = (remain: number, esign: number, psre = 0): TQuota => ({
  scope: 'departement',
  remain,
  usage: { total: 3 },
  stamp: { total: 3 },
  total: { total: remain + 3 },
  draft: { total: 0 },
  chartUsage: Array(12).fill(0),
  chartRemain: [remain, 3],
  remain_child: 0,
  usage_child: 0,
  stamp_child: 0,
  total_child: 0,
  esign: {
    remain: esign,
    usage: { total: 1 },
    total: { total: esign + 1 },
    remain_child: 0,
    usage_child: 0,
    total_child: 0,
  },
  psre: { remain: psre, usage: { total: 0 }, total: { total: psre } },
});

describe('quota endpoint by role (spec §7)', () => {
  it('reads the company for admins, the department for department users, else the user', () => {
    expect(quotaEndpointFor(user({ role: 'admin', departement_id: null }))).toBe('quota-company');
    expect(quotaEndpointFor(user({ role: 'admin-company' }))).toBe('quota-company');
    expect(quotaEndpointFor(user())).toBe('quota-departement');
    expect(quotaEndpointFor(user({ departement_id: null }))).toBe('quota-user');
    expect(quotaEndpointFor(user({ role: 'super' }))).toBe('quota-user');
    expect(
      quotaEndpointFor(user({ user_type: 'personal', company_id: null, departement_id: null })),
    ).toBe('quota-user');
  });

  it('lets only company admins that are not pay-as-you-go move quota', () => {
    expect(canMoveQuota(user({ role: 'admin' }))).toBe(true);
    expect(canMoveQuota(user({ role: 'admin-company' }))).toBe(true);
    expect(canMoveQuota(user({ role: 'admin-company', user_type: 'payu' }))).toBe(false);
    expect(canMoveQuota(user())).toBe(false);
    // Spec §6: company-level admins only; the API refuses super with 403 as well
    // (apps/api/test/role-matrix.test.ts, "quota moves").
    expect(canMoveQuota(user({ role: 'super' }))).toBe(false);
    expect(canMoveQuota(user({ role: 'super', company_id: 1, departement_id: null }))).toBe(false);
  });
});

describe('configuration values', () => {
  it('parses status_name as an integer', () => {
    expect(
      parseQuotaConfig([
        { status_group: 'threshold_quota_warning', status_name: '10' },
        { status_group: 'max_gauge_personal', status_name: '100 units' },
        { status_group: 'other', status_name: 'x' },
      ]),
    ).toEqual({ thresholdQuotaWarning: 10, maxGaugePersonal: 100 });
    expect(
      parseQuotaConfig([{ status_group: 'threshold_quota_warning', status_name: 'n/a' }]),
    ).toEqual({
      thresholdQuotaWarning: null,
      maxGaugePersonal: null,
    });
  });

  it('warns strictly under the threshold', () => {
    expect(isLow(9, 10)).toBe(true);
    expect(isLow(10, 10)).toBe(false);
    expect(isLow(0, null)).toBe(false);
  });
});

describe('navbar quota cards (spec §6)', () => {
  const plan = { total_psre: 0, total_multiuser: 0 };

  it('shows eMeterai and eSign with the balances and flags low balances', () => {
    const cards = quotaCards({ user: user(), quota: quota(20, 5), plan, threshold: 10 });
    expect(cards.map((c) => c.key)).toEqual(['emeterai', 'esign']);
    expect(cards[0]).toMatchObject({ value: '20', total: '23', low: false });
    expect(cards[1]).toMatchObject({ value: '5', low: true });
  });

  it('shows no cards to pay-as-you-go users', () => {
    expect(
      quotaCards({
        user: user({ role: 'admin-company', user_type: 'payu' }),
        quota: quota(20, 20),
        plan: { total_psre: 5, total_multiuser: 5 },
        threshold: 10,
      }),
    ).toEqual([]);
  });

  it('shows eSign as infinite for company 1, with the PSrE card', () => {
    const cards = quotaCards({
      user: user({ role: 'super', company_id: 1, departement_id: null }),
      quota: quota(0, 0, 3),
      plan: null,
      threshold: 10,
    });
    expect(cards.map((c) => c.key)).toEqual(['emeterai', 'esign', 'psre']);
    expect(cards[1]).toMatchObject({ value: INFINITE, low: false });
    expect(cards[2]).toMatchObject({ value: '3' });
  });

  it('shows PSrE when the plan has it, infinite above 999', () => {
    const some = quotaCards({
      user: user(),
      quota: quota(1, 1, 7),
      plan: { total_psre: 10, total_multiuser: 0 },
      threshold: 10,
    });
    expect(some.find((c) => c.key === 'psre')?.value).toBe('7');
    const many = quotaCards({
      user: user(),
      quota: quota(1, 1, 7),
      plan: { total_psre: 1000, total_multiuser: 0 },
      threshold: 10,
    });
    expect(many.find((c) => c.key === 'psre')?.value).toBe(INFINITE);
  });

  it('shows the User card when the plan has child users, with used / limit', () => {
    const cards = quotaCards({
      user: user(),
      quota: quota(1, 1),
      plan: { total_psre: 0, total_multiuser: 25 },
      threshold: 10,
      children: { used: 2, limit: 25 },
    });
    expect(cards.at(-1)).toMatchObject({ key: 'user', value: '2 / 25' });
    const noChildren = quotaCards({
      user: user(),
      quota: quota(1, 1),
      plan: { total_psre: 0, total_multiuser: 25 },
      threshold: 10,
    });
    expect(noChildren.at(-1)).toMatchObject({ key: 'user', value: '25' });
  });

  it('groups thousands the Indonesian way', () => {
    const cards = quotaCards({ user: user(), quota: quota(12500, 1), plan, threshold: 10 });
    expect(cards[0]?.value).toBe('12.500');
  });
});
