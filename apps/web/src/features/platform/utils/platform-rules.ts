import {
  checkConfigValue,
  configRuleOf,
  PLAN_MAX_NUMBER,
  type TPlan,
  type TPlanUpdate,
  ZPlanUpdate,
} from '@bubuh/contracts';

/**
 * Form rules of the super's masters. Each check returns the i18n key of the problem (under
 * `platform.validation`), or null; components translate.
 */

/** The API keeps plan figures in 32-bit integer columns (the contract's bound). */
export const MAX_PLAN_NUMBER = PLAN_MAX_NUMBER;
export const MAX_PLAN_NAME = 100;
export const MAX_STATUS_VALUE = 200;

/**
 * A master status value by the rule of its group (the contracts' `CONFIG_VALUE_RULES`, which the
 * API checks too): a whole number or a percentage within its range, any short text otherwise.
 * Translate with the rule's `{ min, max }`.
 */
export const checkStatusValue = (group: string, value: string): string | null => {
  const text = value.trim();
  if (!text) return 'platform.validation.required';
  if (text.length > MAX_STATUS_VALUE) return 'platform.validation.tooLong';
  const rule = configRuleOf(group);
  if (!rule) return null;
  const checked = checkConfigValue(rule, text);
  if (checked.ok) return null;
  if (checked.problem === 'format') {
    return rule.kind === 'integer'
      ? 'platform.validation.wholeNumber'
      : 'platform.validation.percent';
  }
  return `platform.validation.${checked.problem}`;
};

/** The value to store: a known group's plain form ("007" → "7"); other values only trimmed. */
export const normaliseStatusValue = (group: string, value: string): string => {
  const rule = configRuleOf(group);
  const checked = rule ? checkConfigValue(rule, value) : undefined;
  return checked?.ok ? checked.text : value.trim();
};

/** A plan figure from a number input (which gives '' when empty). */
export const checkPlanNumber = (value: number | string, min = 0): string | null => {
  if (value === '') return 'platform.validation.required';
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number) || !Number.isInteger(number)) {
    return 'platform.validation.wholeNumber';
  }
  if (number < min) return 'platform.validation.tooSmall';
  return number > MAX_PLAN_NUMBER ? 'platform.validation.tooLarge' : null;
};

export const checkPlanName = (value: string): string | null => {
  const text = value.trim();
  if (!text) return 'platform.validation.required';
  return text.length > MAX_PLAN_NAME ? 'platform.validation.tooLong' : null;
};

export const PLAN_NUMBER_FIELDS = [
  'price',
  'duration_days',
  'total_emeterai',
  'total_esign',
  'total_multiuser',
  'total_psre',
] as const;
export type TPlanNumberField = (typeof PLAN_NUMBER_FIELDS)[number];

export const PLAN_FLAG_FIELDS = [
  'is_emeterai',
  'is_esign_spesimen',
  'is_esign_certificate',
  'is_multiple_esign',
  'is_multi_sign',
  'is_parent',
  'is_digital_locker',
] as const;
export type TPlanFlagField = (typeof PLAN_FLAG_FIELDS)[number];

/** Least value of each figure: a plan lasts at least one day. */
export const PLAN_NUMBER_MIN: Readonly<Record<TPlanNumberField, number>> = {
  price: 0,
  duration_days: 1,
  total_emeterai: 0,
  total_esign: 0,
  total_multiuser: 0,
  total_psre: 0,
};

export const PLAN_STATUSES = ['active', 'inactive'] as const;
export type TPlanStatus = (typeof PLAN_STATUSES)[number];

export type TPlanFormValues = {
  plan_name: string;
  status: TPlanStatus;
  note: string;
} & Record<TPlanNumberField, number | string> &
  Record<TPlanFlagField, boolean>;

export const planToForm = (plan: TPlan): TPlanFormValues => ({
  plan_name: plan.plan_name,
  status: plan.status === 'inactive' ? 'inactive' : 'active',
  note: plan.note ?? '',
  price: plan.price,
  duration_days: plan.duration_days,
  total_emeterai: plan.total_emeterai,
  total_esign: plan.total_esign,
  total_multiuser: plan.total_multiuser,
  total_psre: plan.total_psre,
  is_emeterai: plan.is_emeterai,
  is_esign_spesimen: plan.is_esign_spesimen,
  is_esign_certificate: plan.is_esign_certificate,
  is_multiple_esign: plan.is_multiple_esign,
  is_multi_sign: plan.is_multi_sign,
  is_parent: plan.is_parent,
  is_digital_locker: plan.is_digital_locker,
});

/** The validated form as the plan it describes (an empty note is no note). */
export const formToPlan = (plan: number, values: TPlanFormValues): TPlan => ({
  ...values,
  plan,
  plan_name: values.plan_name.trim(),
  note: values.note.trim() ? values.note.trim() : null,
  price: Number(values.price),
  duration_days: Number(values.duration_days),
  total_emeterai: Number(values.total_emeterai),
  total_esign: Number(values.total_esign),
  total_multiuser: Number(values.total_multiuser),
  total_psre: Number(values.total_psre),
});

/** Only the fields that changed (the PATCH body, checked by its contract); empty when none did. */
export const planChanges = (before: TPlan, after: TPlan): TPlanUpdate => {
  const changes: Partial<Record<keyof TPlan, unknown>> = {};
  for (const key of Object.keys(after) as (keyof TPlan)[]) {
    if (key !== 'plan' && after[key] !== before[key]) changes[key] = after[key];
  }
  return ZPlanUpdate.parse(changes);
};
