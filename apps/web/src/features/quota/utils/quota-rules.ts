import { formatNumber as fmt, type TQuota, type TRole, type TUserType } from '@bubuh/contracts';

/** What the quota rules need to know about the session user. */
export type TQuotaUser = {
  role: TRole;
  user_type: TUserType;
  company_id: number | null;
  departement_id: number | null;
};

/** The plan fields the cards read (GET /users/subscription-user/{id}). */
export type TPlanFigures = { total_psre: number; total_multiuser: number } | null | undefined;

/** Spec §6/§9 constants. */
export const PLATFORM_COMPANY_ID = 1;
export const PSRE_INFINITE_ABOVE = 999;
export const INFINITE = '∞';

export type TQuotaEndpoint = 'quota-company' | 'quota-departement' | 'quota-user';

/** Spec §7: admin and admin-company read the company, a department user the department, others themselves. */
export const quotaEndpointFor = (user: TQuotaUser): TQuotaEndpoint => {
  if (user.role === 'admin' || user.role === 'admin-company') return 'quota-company';
  if (user.role === 'user' && user.departement_id !== null) return 'quota-departement';
  return 'quota-user';
};

/** Spec §6: pay-as-you-go users see no quota cards (nor quota figures). */
export const hasQuotaWallet = (user: TQuotaUser): boolean => user.user_type !== 'payu';

/** Spec §6 and §4: company-level admins (not pay-as-you-go) move quota between departments. */
export const canMoveQuota = (user: TQuotaUser): boolean =>
  (user.role === 'admin' || user.role === 'admin-company') && user.user_type !== 'payu';

export const esignIsInfinite = (user: TQuotaUser): boolean =>
  user.company_id === PLATFORM_COMPANY_ID;

export const showsPsreCard = (user: TQuotaUser, plan: TPlanFigures): boolean =>
  (plan?.total_psre ?? 0) > 0 || user.company_id === PLATFORM_COMPANY_ID;

export const psreIsInfinite = (plan: TPlanFigures): boolean =>
  (plan?.total_psre ?? 0) > PSRE_INFINITE_ABOVE;

export const showsUserCard = (plan: TPlanFigures): boolean => (plan?.total_multiuser ?? 0) > 0;

/** Configuration values of spec §3 (status_name parsed as an integer). */
export type TQuotaConfig = {
  thresholdQuotaWarning: number | null;
  maxGaugePersonal: number | null;
};

export const parseQuotaConfig = (
  entries: { status_group: string; status_name: string }[],
): TQuotaConfig => {
  const value = (group: string) => {
    const entry = entries.find((e) => e.status_group === group);
    if (!entry) return null;
    const parsed = Number.parseInt(entry.status_name, 10);
    return Number.isFinite(parsed) ? parsed : null;
  };
  return {
    thresholdQuotaWarning: value('threshold_quota_warning'),
    maxGaugePersonal: value('max_gauge_personal'),
  };
};

/** Under the warning threshold (spec §3: the same threshold for e-Meterai and e-sign). */
export const isLow = (remain: number, threshold: number | null | undefined): boolean =>
  threshold !== null && threshold !== undefined && remain < threshold;

export type TQuotaCardKey = 'emeterai' | 'esign' | 'psre' | 'user';

export type TQuotaCard = {
  key: TQuotaCardKey;
  /** Remaining units, '∞', or "used / limit" for the user card. */
  value: string;
  /** Total units where known. */
  total: string | null;
  low: boolean;
};

/** The navbar cards of spec §2/§6 in order eMeterai, eSign, PSrE, User. */
export const quotaCards = (input: {
  user: TQuotaUser;
  quota: TQuota | undefined;
  plan: TPlanFigures;
  threshold: number | null;
  children?: { used: number; limit: number } | undefined;
}): TQuotaCard[] => {
  const { user, quota, plan, threshold, children } = input;
  if (!hasQuotaWallet(user)) return [];
  const cards: TQuotaCard[] = [];
  const pending = '…';
  cards.push({
    key: 'emeterai',
    value: quota ? fmt(quota.remain) : pending,
    total: quota ? fmt(quota.total.total) : null,
    low: quota ? isLow(quota.remain, threshold) : false,
  });
  const esignInfinite = esignIsInfinite(user);
  cards.push({
    key: 'esign',
    value: esignInfinite ? INFINITE : quota ? fmt(quota.esign.remain) : pending,
    total: esignInfinite || !quota ? null : fmt(quota.esign.total.total),
    low: !esignInfinite && quota ? isLow(quota.esign.remain, threshold) : false,
  });
  if (showsPsreCard(user, plan)) {
    const infinite = psreIsInfinite(plan);
    cards.push({
      key: 'psre',
      value: infinite ? INFINITE : quota ? fmt(quota.psre.remain) : pending,
      total: infinite || !quota ? null : fmt(quota.psre.total.total),
      low: false,
    });
  }
  if (showsUserCard(plan)) {
    const limit = children?.limit ?? plan?.total_multiuser ?? 0;
    cards.push({
      key: 'user',
      value: children ? `${fmt(children.used)} / ${fmt(limit)}` : fmt(limit),
      total: null,
      low: false,
    });
  }
  return cards;
};
