import { describe, expect, it } from 'vitest';
import { maskEmail, ZRegisterRequest } from '../src/auth.ts';
import {
  isValidIndonesianMobile,
  isValidNik,
  isValidNpwp,
  normalizeIndonesianMobile,
  normalizeNpwp,
  passwordProblems,
} from '../src/id-validation.ts';

describe('NIK', () => {
  it('accepts 16 digits with a real birth date, for men and women (+40 on the day)', () => {
    expect(isValidNik('3174051508900001')).toBe(true);
    expect(isValidNik('3174055508900002')).toBe(true);
    expect(isValidNik('3201012902000003')).toBe(true); // 29 Feb 2000
  });
  it('rejects wrong length, impossible dates, unknown provinces and sequence 0000', () => {
    expect(isValidNik('317405150890001')).toBe(false);
    expect(isValidNik('3174051513900001')).toBe(false); // month 13
    expect(isValidNik('3174053102900001')).toBe(false); // 31 Feb
    expect(isValidNik('0974051508900001')).toBe(false); // province 09
    expect(isValidNik('3174051508900000')).toBe(false);
    expect(isValidNik('31740515089000a1')).toBe(false);
  });
});

describe('NPWP', () => {
  it('accepts the 15-digit format with a Luhn check digit, formatted or not', () => {
    expect(isValidNpwp('01.300.066.6-091.000')).toBe(true);
    expect(isValidNpwp('013000666091000')).toBe(true);
  });
  it('accepts the 16-digit formats (leading 0, or a NIK)', () => {
    expect(isValidNpwp('0013000666091000')).toBe(true);
    expect(isValidNpwp('3174051508900001')).toBe(true);
  });
  it('rejects a wrong check digit or length', () => {
    expect(isValidNpwp('013000667091000')).toBe(false);
    expect(isValidNpwp('01300066609100')).toBe(false);
  });
  it('stores 16 digits', () => {
    expect(normalizeNpwp('01.300.066.6-091.000')).toBe('0013000666091000');
  });
});

describe('phone numbers', () => {
  it('accepts Indonesian mobile numbers in local and international form', () => {
    for (const phone of ['081234567890', '6281234567890', '+6281234567890', '0812-3456-789']) {
      expect(isValidIndonesianMobile(phone), phone).toBe(true);
    }
  });
  it('rejects landlines, foreign and too short numbers', () => {
    for (const phone of ['0215551234', '+6591234567', '08123', '0801234567']) {
      expect(isValidIndonesianMobile(phone), phone).toBe(false);
    }
  });
  it('normalises to E.164', () => {
    expect(normalizeIndonesianMobile('081234567890')).toBe('+6281234567890');
    expect(normalizeIndonesianMobile('6281234567890')).toBe('+6281234567890');
  });
});

describe('password policy', () => {
  it('needs 8 characters with lower, upper case and a digit', () => {
    expect(passwordProblems('Demo#2026!')).toEqual([]);
    expect(passwordProblems('short1A')).toContain('at least 8 characters');
    expect(passwordProblems('alllowercase1')).toContain('an upper-case letter');
  });
});

describe('register draft', () => {
  const base = {
    name: 'Sari',
    email: 'Sari@Example.com',
    phoneNumber: '081234567890',
    password: 'Rahasia123',
  };
  it('accepts a personal draft and lower-cases the e-mail', () => {
    const parsed = ZRegisterRequest.parse({ ...base, type: 'personal' });
    expect(parsed.email).toBe('sari@example.com');
  });
  it('requires valid company fields for company accounts, naming each field', () => {
    const result = ZRegisterRequest.safeParse({
      ...base,
      type: 'company',
      noKTP: '123',
      npwp: '999',
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['companyName', 'noKTP', 'npwp']));
  });
});

describe('maskEmail', () => {
  it('keeps the first and last characters only', () => {
    expect(maskEmail('dewi.user@demo.local')).toBe('d*****r@d**o.local');
    expect(maskEmail('ab@x.id')).toBe('a*@x*.id');
  });
});
