import { passwordProblems } from '@bubuh/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkAccountNumber,
  checkCompanyName,
  checkConfirmation,
  checkEmail,
  checkName,
  checkNik,
  checkNpwp,
  checkPassword,
  checkPhone,
  passwordRuleStates,
} from './validation';

describe('form validators', () => {
  it('checks e-mail addresses', () => {
    expect(checkEmail('')).toBe('validation.emailRequired');
    expect(checkEmail('nope')).toBe('validation.emailInvalid');
    expect(checkEmail(' Sari@Example.co.id ')).toBeNull();
  });

  it('checks names', () => {
    expect(checkName(' ')).toBe('validation.nameRequired');
    expect(checkName('A')).toBe('validation.nameShort');
    expect(checkName('Sari')).toBeNull();
    expect(checkName('x'.repeat(151))).toBe('validation.nameLong');
    expect(checkCompanyName('')).toBe('validation.companyNameRequired');
    expect(checkCompanyName('PT Maju')).toBeNull();
  });

  it('checks Indonesian mobile numbers', () => {
    expect(checkPhone('')).toBe('validation.phoneRequired');
    expect(checkPhone('12345')).toBe('validation.phoneInvalid');
    expect(checkPhone('0812-3456-7890')).toBeNull();
    expect(checkPhone('+6281234567890')).toBeNull();
  });

  it('checks NIK with its birth date', () => {
    expect(checkNik('')).toBe('validation.nikRequired');
    expect(checkNik('123')).toBe('validation.nikInvalid');
    // 31 74 01, born 17-08-1990 (day 57 = woman, 17 + 40), sequence 0001.
    expect(checkNik('3174015708900001')).toBeNull();
    expect(checkNik('3174013208900001')).toBe('validation.nikInvalid');
  });

  it('checks NPWP (15 digits with Luhn, or 16)', () => {
    expect(checkNpwp('')).toBe('validation.npwpRequired');
    expect(checkNpwp('12.345.678.9-012.345')).toBe('validation.npwpInvalid');
    expect(checkNpwp('01.000.013.1-093.000')).toBeNull();
  });

  it('checks the optional account number', () => {
    expect(checkAccountNumber('')).toBeNull();
    expect(checkAccountNumber('12345')).toBe('validation.accountNumberInvalid');
    expect(checkAccountNumber('1234567890')).toBeNull();
  });

  it('checks the password policy and its confirmation', () => {
    expect(checkPassword('')).toBe('validation.passwordRequired');
    expect(checkPassword('short')).toBe('validation.passwordPolicy');
    expect(checkPassword('Rahasia2026')).toBeNull();
    expect(checkConfirmation('Rahasia2026', '')).toBe('validation.confirmRequired');
    expect(checkConfirmation('Rahasia2026', 'Rahasia2025')).toBe('validation.confirmMismatch');
    expect(checkConfirmation('Rahasia2026', 'Rahasia2026')).toBeNull();
  });
});

describe('passwordRuleStates', () => {
  it('shows each rule of the policy live', () => {
    expect(passwordRuleStates('')).toEqual([
      { rule: 'minLength', ok: false },
      { rule: 'lower', ok: false },
      { rule: 'upper', ok: false },
      { rule: 'digit', ok: false },
    ]);
    expect(passwordRuleStates('abcDEF12')).toEqual([
      { rule: 'minLength', ok: true },
      { rule: 'lower', ok: true },
      { rule: 'upper', ok: true },
      { rule: 'digit', ok: true },
    ]);
    expect(passwordRuleStates(`Aa1${'x'.repeat(130)}`).at(-1)).toEqual({
      rule: 'maxLength',
      ok: false,
    });
  });

  it('covers every problem the contract can name', () => {
    for (const sample of ['', 'a', 'A', '1', `Aa1${'x'.repeat(130)}`]) {
      const problems = passwordProblems(sample).length;
      const failed = passwordRuleStates(sample).filter((r) => !r.ok).length;
      expect(failed, sample).toBe(problems);
    }
  });
});
