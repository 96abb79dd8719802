/**
 * Indonesian identity numbers and phone numbers (docs/product-rules.md §10). Pure functions shared by
 * the registration form and the API, so both give the same answer.
 */

const digitsOnly = (value: string): string => value.replace(/[\s.-]/g, '');

/** NIK (KTP): 16 digits PPRRSS DDMMYY NNNN; women have 40 added to the day; sequence from 0001. */
export const isValidNik = (value: string): boolean => {
  const nik = digitsOnly(value);
  if (!/^\d{16}$/.test(nik)) return false;
  const province = Number(nik.slice(0, 2));
  if (province < 11 || province > 94) return false;
  if (nik.slice(2, 4) === '00' || nik.slice(4, 6) === '00') return false;
  const rawDay = Number(nik.slice(6, 8));
  const day = rawDay > 40 ? rawDay - 40 : rawDay;
  const month = Number(nik.slice(8, 10));
  const year = Number(nik.slice(10, 12));
  if (month < 1 || month > 12 || day < 1) return false;
  // The century is ambiguous: a date is plausible when it exists in 19xx or 20xx.
  const exists = (fullYear: number) => {
    const date = new Date(Date.UTC(fullYear, month - 1, day));
    return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  };
  if (!exists(1900 + year) && !exists(2000 + year)) return false;
  return nik.slice(12) !== '0000';
};

/** Luhn check over a string of digits whose last digit is the check digit. */
const luhn = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

/**
 * NPWP: 15 digits (Luhn over the first 9), 16 digits starting with 0 (Luhn over the first 10), or
 * a 16-digit NIK for resident individuals (PMK 112/2022). Separators `.`, `-` and spaces allowed.
 */
export const isValidNpwp = (value: string): boolean => {
  const npwp = digitsOnly(value);
  if (/^\d{15}$/.test(npwp)) return luhn(npwp.slice(0, 9));
  if (/^0\d{15}$/.test(npwp)) return luhn(npwp.slice(0, 10));
  if (/^\d{16}$/.test(npwp)) return isValidNik(npwp);
  return false;
};

/** NPWP stored as 16 digits: 15-digit input gets the leading 0 of the new format. */
export const normalizeNpwp = (value: string): string => {
  const npwp = digitsOnly(value);
  return npwp.length === 15 ? `0${npwp}` : npwp;
};

const PHONE = /^(?:\+62|62|0)8[1-9]\d{6,10}$/;

/** Indonesian mobile number: 08…, 628… or +628…, 10–13 digits in local form. */
export const isValidIndonesianMobile = (value: string): boolean =>
  PHONE.test(value.replace(/[\s-]/g, ''));

/** E.164 form +628… for OTP and messaging. */
export const normalizeIndonesianMobile = (value: string): string => {
  const phone = value.replace(/[\s-]/g, '');
  if (phone.startsWith('+62')) return phone;
  if (phone.startsWith('62')) return `+${phone}`;
  return `+62${phone.slice(1)}`;
};

/** Password policy: 8–128 characters with a lower-case letter, an upper-case letter and a digit. */
export const PASSWORD_RULES = {
  minLength: 8,
  maxLength: 128,
} as const;

export const passwordProblems = (password: string): string[] => {
  const problems: string[] = [];
  if (password.length < PASSWORD_RULES.minLength) problems.push('at least 8 characters');
  if (password.length > PASSWORD_RULES.maxLength) problems.push('at most 128 characters');
  if (!/[a-z]/.test(password)) problems.push('a lower-case letter');
  if (!/[A-Z]/.test(password)) problems.push('an upper-case letter');
  if (!/\d/.test(password)) problems.push('a digit');
  return problems;
};
