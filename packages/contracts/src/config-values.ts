import { PG_INT_MAX } from './envelope.ts';

/**
 * The configuration values (master status entries, spec §3): each group's `status_name` is text
 * on the wire ("parsed as an integer"), and this table is the one place that says what text each
 * known group takes. The API checks a new value with it (a 400 names the range) and reads the
 * stored ones with it (a value from before the rules that breaks them reads as not set); the
 * web's form checks with it before sending. Groups not in the table are free text.
 */
export type TConfigValueRule =
  /** A whole number (digits only) from `min` to `max`. */
  | { kind: 'integer'; min: number; max: number }
  /** A percentage from `min` to `max` with at most 2 decimals, read in basis points (11.5 → 1150). */
  | { kind: 'percent'; min: number; max: number };

export const CONFIG_VALUE_RULES = {
  /** Units under which a balance warns (0: never). */
  threshold_quota_warning: { kind: 'integer', min: 0, max: PG_INT_MAX },
  max_gauge_personal: { kind: 'integer', min: 1, max: PG_INT_MAX },
  /** Rupiah per unit before PPN: never free, never more than Rp10,000,000. */
  price_emeterai: { kind: 'integer', min: 1, max: 10_000_000 },
  price_esign: { kind: 'integer', min: 1, max: 10_000_000 },
  /** PPN in percent added to a purchase (stored on the invoice in basis points). */
  ppn_rate: { kind: 'percent', min: 0, max: 100 },
  /** Minutes an unpaid invoice stays payable: one minute to seven days. */
  invoice_expiry_minutes: { kind: 'integer', min: 1, max: 10_080 },
} as const satisfies Record<string, TConfigValueRule>;

export type TConfigGroup = keyof typeof CONFIG_VALUE_RULES;

/** The rule of a group, or undefined for a free-text group. */
export const configRuleOf = (group: string): TConfigValueRule | undefined =>
  Object.hasOwn(CONFIG_VALUE_RULES, group) ? CONFIG_VALUE_RULES[group as TConfigGroup] : undefined;

/**
 * A value checked against its rule: its number (basis points for a percentage) and the text to
 * store ("007" → "7", "11,50" → "11.5"), or why not: `format` (not digits, or more than 2
 * decimals), `tooSmall`, `tooLarge`.
 */
export type TConfigValueCheck =
  | { ok: true; value: number; text: string }
  | { ok: false; problem: 'format' | 'tooSmall' | 'tooLarge' };

const PERCENT = /^(\d+)(?:[.,](\d{1,2}))?$/;

export const checkConfigValue = (rule: TConfigValueRule, raw: string): TConfigValueCheck => {
  const text = raw.trim();
  let value: number;
  let stored: string;
  let scale = 1;
  if (rule.kind === 'integer') {
    if (!/^\d+$/.test(text)) return { ok: false, problem: 'format' };
    value = Number(text);
    stored = String(value);
  } else {
    const match = PERCENT.exec(text);
    if (!match) return { ok: false, problem: 'format' };
    const hundredths = (match[2] ?? '').padEnd(2, '0');
    value = Number(match[1]) * 100 + Number(hundredths);
    const decimals = hundredths.replace(/0+$/, '');
    stored = `${Math.floor(value / 100)}${decimals ? `.${decimals}` : ''}`;
    scale = 100;
  }
  if (value < rule.min * scale) return { ok: false, problem: 'tooSmall' };
  if (value > rule.max * scale) return { ok: false, problem: 'tooLarge' };
  return { ok: true, value, text: stored };
};

/**
 * A stored value of a known group as its number (basis points for a percentage), or null when
 * it is not set or breaks its rule (written before the rules existed): readers treat it as
 * not configured instead of computing with it.
 */
export const readConfigValue = (
  group: TConfigGroup,
  raw: string | null | undefined,
): number | null => {
  if (raw === null || raw === undefined) return null;
  const checked = checkConfigValue(CONFIG_VALUE_RULES[group], raw);
  return checked.ok ? checked.value : null;
};

/** "11" or "11,5" (a PPN rate in percent, 0..100) → basis points; null when not such a rate. */
export const percentToBasisPoints = (value: string): number | null =>
  readConfigValue('ppn_rate', value);
