import { ZRegisterRequest } from '@bubuh/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_REGISTER_VALUES } from './flow-storage';
import { firstStepWith, resumeStep, stepsFor, toRegisterRequest } from './register-steps';
import { COMPANY_REGISTER_VALUES } from './register-test-values';

describe('register steps', () => {
  it('adds the company step for company accounts', () => {
    expect(stepsFor('personal')).toEqual(['type', 'account', 'review']);
    expect(stepsFor('company')).toEqual(['type', 'account', 'company', 'review']);
  });

  it('finds the step of a field the server flagged', () => {
    expect(firstStepWith('company', ['npwp', 'email'])).toBe('account');
    expect(firstStepWith('company', ['noKTP'])).toBe('company');
    expect(firstStepWith('personal', ['noKTP'])).toBeUndefined();
  });

  it('resumes a restored draft no later than the account step (passwords are not kept)', () => {
    expect(resumeStep('company', 3)).toBe(1);
    expect(resumeStep('company', 2)).toBe(1);
    expect(resumeStep('personal', 1)).toBe(1);
    expect(resumeStep('personal', 0)).toBe(0);
    expect(resumeStep('personal', 99)).toBe(1);
  });

  it('builds a body the contract accepts', () => {
    const personal = toRegisterRequest(
      {
        ...EMPTY_REGISTER_VALUES,
        name: ' Sari ',
        email: 'Sari@Example.co.id',
        phoneNumber: '0812 3456 7890',
        password: 'Rahasia2026',
        passwordConfirmation: 'Rahasia2026',
        companyName: 'ignored',
      },
      'id',
    );
    expect(personal).not.toHaveProperty('companyName');
    expect(ZRegisterRequest.safeParse(personal).success).toBe(true);

    const company = toRegisterRequest(
      { ...COMPANY_REGISTER_VALUES, npwp: '01.000.013.1-093.000' },
      'en',
    );
    expect(ZRegisterRequest.safeParse(company).success).toBe(true);
    expect(ZRegisterRequest.safeParse({ ...company, noKTP: '123' }).success).toBe(false);
  });
});
