import {
  isValidIndonesianMobile,
  isValidNik,
  isValidNpwp,
  PASSWORD_RULES,
  passwordProblems,
} from '@bubuh/contracts';
import type { TFunction } from 'i18next';

/**
 * Form validators over the contract's rules (the API runs the same functions). Each returns the
 * i18n key of the problem, or null; components translate. `validation.*` keys live in the locales.
 */
export type TCheck = (value: string) => string | null;

/** A `@mantine/form` rule from a check: the translated problem, or null. */
export const rule =
  (t: TFunction, check: TCheck) =>
  (value: string): string | null => {
    const problem = check(value);
    return problem ? t(problem) : null;
  };

const required =
  (key: string, check: TCheck): TCheck =>
  (value) =>
    value.trim() ? check(value) : key;

/**
 * What the contract's `ZEmail` accepts (zod's e-mail pattern, at most 254 characters), without
 * zod: the sign-in screens validate before zod is loaded (`validation.test.ts` keeps them equal).
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const checkEmail: TCheck = required('validation.emailRequired', (value) => {
  const email = value.trim();
  return email.length <= 254 && EMAIL_PATTERN.test(email) ? null : 'validation.emailInvalid';
});

/** A trimmed text of 2 to `max` characters, with the problem of each side. */
const lengthBetween =
  (max: number, tooShort: string, tooLong: string) =>
  (value: string): string | null => {
    const length = value.trim().length;
    if (length < 2) return tooShort;
    return length > max ? tooLong : null;
  };

export const checkName: TCheck = required(
  'validation.nameRequired',
  lengthBetween(150, 'validation.nameShort', 'validation.nameLong'),
);

export const checkPhone: TCheck = required('validation.phoneRequired', (value) =>
  isValidIndonesianMobile(value) ? null : 'validation.phoneInvalid',
);

export const checkCompanyName: TCheck = required(
  'validation.companyNameRequired',
  lengthBetween(200, 'validation.companyNameRequired', 'validation.tooLong'),
);

export const checkNik: TCheck = required('validation.nikRequired', (value) =>
  isValidNik(value) ? null : 'validation.nikInvalid',
);

export const checkNpwp: TCheck = required('validation.npwpRequired', (value) =>
  isValidNpwp(value) ? null : 'validation.npwpInvalid',
);

/** SIUP, TDP and bank name: optional, at most 100 characters. */
export const checkOptionalShort: TCheck = (value) =>
  value.trim().length > 100 ? 'validation.tooLong' : null;

export const checkAccountNumber: TCheck = (value) =>
  !value.trim() || /^\d{6,20}$/.test(value.trim()) ? null : 'validation.accountNumberInvalid';

export const checkPassword: TCheck = (value) => {
  if (!value) return 'validation.passwordRequired';
  return passwordProblems(value).length > 0 ? 'validation.passwordPolicy' : null;
};

export const checkConfirmation = (password: string, confirmation: string): string | null => {
  if (!confirmation) return 'validation.confirmRequired';
  return password === confirmation ? null : 'validation.confirmMismatch';
};

export type TPasswordRule = 'minLength' | 'lower' | 'upper' | 'digit' | 'maxLength';

/** The problems `passwordProblems` names, by rule (so the checklist speaks the user's language). */
const PROBLEM_OF: Record<TPasswordRule, string> = {
  minLength: `at least ${PASSWORD_RULES.minLength} characters`,
  maxLength: `at most ${PASSWORD_RULES.maxLength} characters`,
  lower: 'a lower-case letter',
  upper: 'an upper-case letter',
  digit: 'a digit',
};

/** The live checklist of the password policy: each rule and whether the value meets it. */
export const passwordRuleStates = (value: string): { rule: TPasswordRule; ok: boolean }[] => {
  const problems = new Set(passwordProblems(value));
  const rules: TPasswordRule[] = ['minLength', 'lower', 'upper', 'digit'];
  if (problems.has(PROBLEM_OF.maxLength)) rules.push('maxLength');
  return rules.map((rule) => ({ rule, ok: !problems.has(PROBLEM_OF[rule]) }));
};

/** Keeps only digits (NIK, NPWP, account number inputs accept separators while typing). */
export const digitsOf = (value: string): string => value.replace(/\D/g, '');

/**
 * The certificate identity form's rules (account page and the first signature's dialog): full
 * legal name and NIK, translated with `t`.
 */
export const identityRules = (t: (key: string) => string) => ({
  fullName: (value: string) => {
    const problem = checkName(value);
    return problem ? t(problem) : null;
  },
  nik: (value: string) => {
    const problem = checkNik(value);
    return problem ? t(problem) : null;
  },
});
