import { passwordProblems, ZEmail } from '@bubuh/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as v from './validation';

/** A field's text and the error key its validator gives (null: accepted). */
type TCase = [
  validator: string,
  check: (text: string) => string | null,
  text: string,
  error: string | null,
];

const confirmOf = (text: string) => v.checkConfirmation('Rahasia2026', text);

const CASES: TCase[] = [
  ['checkEmail', v.checkEmail, '', 'validation.emailRequired'],
  ['checkEmail', v.checkEmail, 'nope', 'validation.emailInvalid'],
  ['checkEmail', v.checkEmail, ' Sari@Example.co.id ', null],
  ['checkName', v.checkName, ' ', 'validation.nameRequired'],
  ['checkName', v.checkName, 'A', 'validation.nameShort'],
  ['checkName', v.checkName, 'Sari', null],
  ['checkName', v.checkName, 'x'.repeat(151), 'validation.nameLong'],
  ['checkCompanyName', v.checkCompanyName, '', 'validation.companyNameRequired'],
  ['checkCompanyName', v.checkCompanyName, 'PT Maju', null],
  // Indonesian mobile numbers.
  ['checkPhone', v.checkPhone, '', 'validation.phoneRequired'],
  ['checkPhone', v.checkPhone, '12345', 'validation.phoneInvalid'],
  ['checkPhone', v.checkPhone, '0812-3456-7890', null],
  ['checkPhone', v.checkPhone, '+6281234567890', null],
  // NIK with its birth date: 31 74 01, born 17-08-1990 (day 57 = woman, 17 + 40), sequence 0001.
  ['checkNik', v.checkNik, '', 'validation.nikRequired'],
  ['checkNik', v.checkNik, '123', 'validation.nikInvalid'],
  ['checkNik', v.checkNik, '3174015708900001', null],
  ['checkNik', v.checkNik, '3174013208900001', 'validation.nikInvalid'],
  // NPWP: 15 digits with Luhn, or 16.
  ['checkNpwp', v.checkNpwp, '', 'validation.npwpRequired'],
  ['checkNpwp', v.checkNpwp, '12.345.678.9-012.345', 'validation.npwpInvalid'],
  ['checkNpwp', v.checkNpwp, '01.000.013.1-093.000', null],
  // The optional account number.
  ['checkAccountNumber', v.checkAccountNumber, '', null],
  ['checkAccountNumber', v.checkAccountNumber, '12345', 'validation.accountNumberInvalid'],
  ['checkAccountNumber', v.checkAccountNumber, '1234567890', null],
  // The password policy and its confirmation (of 'Rahasia2026').
  ['checkPassword', v.checkPassword, '', 'validation.passwordRequired'],
  ['checkPassword', v.checkPassword, 'short', 'validation.passwordPolicy'],
  ['checkPassword', v.checkPassword, 'Rahasia2026', null],
  ['checkConfirmation', confirmOf, '', 'validation.confirmRequired'],
  ['checkConfirmation', confirmOf, 'Rahasia2025', 'validation.confirmMismatch'],
  ['checkConfirmation', confirmOf, 'Rahasia2026', null],
];

describe('form validators', () => {
  it.each(CASES)('%s(%j) gives %s', (_name, check, text, error) => {
    expect(check(text)).toBe(error);
  });
});

describe('passwordRuleStates', () => {
  it('shows each rule of the policy live', () => {
    expect(v.passwordRuleStates('')).toEqual([
      { rule: 'minLength', ok: false },
      { rule: 'lower', ok: false },
      { rule: 'upper', ok: false },
      { rule: 'digit', ok: false },
    ]);
    expect(v.passwordRuleStates('abcDEF12')).toEqual([
      { rule: 'minLength', ok: true },
      { rule: 'lower', ok: true },
      { rule: 'upper', ok: true },
      { rule: 'digit', ok: true },
    ]);
    expect(v.passwordRuleStates(`Aa1${'x'.repeat(130)}`).at(-1)).toEqual({
      rule: 'maxLength',
      ok: false,
    });
  });

  it('covers every problem the contract can name', () => {
    for (const sample of ['', 'a', 'A', '1', `Aa1${'x'.repeat(130)}`]) {
      const problems = passwordProblems(sample).length;
      const failed = v.passwordRuleStates(sample).filter((r) => !r.ok).length;
      expect(failed, sample).toBe(problems);
    }
  });
});

describe('checkEmail', () => {
  it('accepts what the contract ZEmail accepts, with the same pattern', () => {
    // The same pattern, up to the escapes of a final `-` in a class (`\\-` and `-` are one).
    expect(v.EMAIL_PATTERN.source).toBe(z.regexes.email.source.replaceAll('\\-]', '-]'));
    const samples = ['a@b.co', 'x.y+z@mail.example.id', '.a@b.co', 'a..b@c.co', 'a@b', 'a b@c.co'];
    for (const sample of [...samples, `${'a'.repeat(250)}@b.co`]) {
      expect(v.checkEmail(sample) === null).toBe(ZEmail.safeParse(sample).success);
    }
  });
});
