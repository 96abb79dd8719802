import type { TRegisterRequest } from '@bubuh/contracts';
import {
  checkAccountNumber,
  checkCompanyName,
  checkConfirmation,
  checkEmail,
  checkName,
  checkNik,
  checkNpwp,
  checkOptionalShort,
  checkPassword,
  checkPhone,
} from '@/lib/validation';
import type { TRegisterValues } from './flow-storage';

export type TRegisterStep = 'type' | 'account' | 'company' | 'review';

/** Personal: type → account → review. Company adds the company details before the review. */
export const stepsFor = (type: TRegisterValues['type']): TRegisterStep[] =>
  type === 'company' ? ['type', 'account', 'company', 'review'] : ['type', 'account', 'review'];

export const STEP_FIELDS: Record<TRegisterStep, readonly (keyof TRegisterValues)[]> = {
  type: [],
  account: ['name', 'email', 'phoneNumber', 'password', 'passwordConfirmation'],
  company: ['companyName', 'noKTP', 'npwp', 'siup', 'tdp', 'bank', 'accountNumber'],
  review: [],
};

/** Every field the server may flag (spec §3 draft) plus the confirmation. */
export const REGISTER_FIELDS = [...STEP_FIELDS.account, ...STEP_FIELDS.company] as const;

/** The first step (of this account type) that holds one of `fields`, if any. */
export const firstStepWith = (
  type: TRegisterValues['type'],
  fields: readonly string[],
): TRegisterStep | undefined =>
  stepsFor(type).find((step) => STEP_FIELDS[step].some((field) => fields.includes(field)));

/**
 * Where a restored draft resumes: passwords are never stored, so a draft that was past the
 * account step comes back on the account step, where they are asked for again.
 */
export const resumeStep = (type: TRegisterValues['type'], storedIndex: number): number => {
  const steps = stepsFor(type);
  const index = Math.min(Math.max(0, storedIndex), steps.length - 1);
  return Math.min(index, steps.indexOf('account'));
};

/** The POST /api/register body: trimmed values, company fields only for company accounts. */
export const toRegisterRequest = (
  values: TRegisterValues,
  language: 'en' | 'id',
): TRegisterRequest => {
  const base: TRegisterRequest = {
    type: values.type,
    name: values.name.trim(),
    email: values.email.trim(),
    phoneNumber: values.phoneNumber.trim(),
    password: values.password,
    language,
  };
  if (values.type !== 'company') return base;
  return {
    ...base,
    companyName: values.companyName.trim(),
    noKTP: values.noKTP.trim(),
    npwp: values.npwp.trim(),
    siup: values.siup.trim(),
    tdp: values.tdp.trim(),
    bank: values.bank.trim(),
    accountNumber: values.accountNumber.trim(),
  };
};

type TField = keyof TRegisterValues;
type TCheck = (value: string, values: TRegisterValues) => string | null;

/** Which contract validator guards each field; company fields only count for company accounts. */
export const REGISTER_CHECKS: Partial<Record<TField, TCheck>> = {
  name: checkName,
  email: checkEmail,
  phoneNumber: checkPhone,
  password: checkPassword,
  passwordConfirmation: (value, values) => checkConfirmation(values.password, value),
  companyName: (value, values) => (values.type === 'company' ? checkCompanyName(value) : null),
  noKTP: (value, values) => (values.type === 'company' ? checkNik(value) : null),
  npwp: (value, values) => (values.type === 'company' ? checkNpwp(value) : null),
  siup: (value, values) => (values.type === 'company' ? checkOptionalShort(value) : null),
  tdp: (value, values) => (values.type === 'company' ? checkOptionalShort(value) : null),
  bank: (value, values) => (values.type === 'company' ? checkOptionalShort(value) : null),
  accountNumber: (value, values) => (values.type === 'company' ? checkAccountNumber(value) : null),
};
