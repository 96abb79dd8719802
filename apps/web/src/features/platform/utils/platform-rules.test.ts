import type { TPlan } from '@bubuh/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkPlanName,
  checkPlanNumber,
  checkStatusValue,
  formToPlan,
  normaliseStatusValue,
  planChanges,
  planToForm,
} from './platform-rules';

const STARTER: TPlan = {
  plan: 2,
  plan_name: 'Starter',
  status: 'active',
  note: 'Small teams',
  price: 1_050_000,
  duration_days: 365,
  total_emeterai: 100,
  total_esign: 100,
  total_multiuser: 5,
  total_psre: 0,
  is_multiple_esign: false,
  is_parent: true,
  is_digital_locker: true,
  is_emeterai: true,
  is_esign_certificate: false,
  is_esign_spesimen: true,
  is_multi_sign: false,
};

describe('master status values', () => {
  it('accepts whole numbers for the integer configuration values', () => {
    expect(checkStatusValue('threshold_quota_warning', '0')).toBeNull();
    expect(checkStatusValue('threshold_quota_warning', ' 25 ')).toBeNull();
    expect(checkStatusValue('max_gauge_personal', '100')).toBeNull();
  });

  it('refuses anything else for them', () => {
    for (const value of ['abc', '1.5', '-3', '10 units', '1e3', '+4']) {
      expect(checkStatusValue('threshold_quota_warning', value), value).toBe(
        'platform.validation.wholeNumber',
      );
    }
    expect(checkStatusValue('threshold_quota_warning', '  ')).toBe('platform.validation.required');
    expect(checkStatusValue('max_gauge_personal', '0')).toBe('platform.validation.tooSmall');
    expect(checkStatusValue('max_gauge_personal', '99999999999')).toBe(
      'platform.validation.tooLarge',
    );
  });

  it('checks prices, the PPN rate and the invoice expiry by the rules the API uses', () => {
    expect(checkStatusValue('price_emeterai', '10800')).toBeNull();
    expect(checkStatusValue('price_emeterai', '0')).toBe('platform.validation.tooSmall');
    expect(checkStatusValue('price_emeterai', '99999999999999999999')).toBe(
      'platform.validation.tooLarge',
    );
    expect(checkStatusValue('price_esign', '-50')).toBe('platform.validation.wholeNumber');
    expect(checkStatusValue('ppn_rate', '11,5')).toBeNull();
    expect(checkStatusValue('ppn_rate', '100')).toBeNull();
    expect(checkStatusValue('ppn_rate', '100.01')).toBe('platform.validation.tooLarge');
    expect(checkStatusValue('ppn_rate', '-50')).toBe('platform.validation.percent');
    expect(checkStatusValue('ppn_rate', '11.555')).toBe('platform.validation.percent');
    expect(checkStatusValue('invoice_expiry_minutes', '1e9')).toBe(
      'platform.validation.wholeNumber',
    );
    expect(checkStatusValue('invoice_expiry_minutes', '10081')).toBe(
      'platform.validation.tooLarge',
    );
    expect(normaliseStatusValue('ppn_rate', ' 11,50 ')).toBe('11.5');
  });

  it('keeps other groups free text within the contract length', () => {
    expect(checkStatusValue('something_else', 'on')).toBeNull();
    expect(checkStatusValue('something_else', 'x'.repeat(201))).toBe('platform.validation.tooLong');
    expect(checkStatusValue('toString', 'text')).toBeNull();
  });

  it('stores integers without leading zeros', () => {
    expect(normaliseStatusValue('threshold_quota_warning', ' 007 ')).toBe('7');
    expect(normaliseStatusValue('something_else', ' 007 ')).toBe('007');
  });
});

describe('plan form', () => {
  it('checks figures and names', () => {
    expect(checkPlanNumber(0)).toBeNull();
    expect(checkPlanNumber('')).toBe('platform.validation.required');
    expect(checkPlanNumber(1.5)).toBe('platform.validation.wholeNumber');
    expect(checkPlanNumber(-1)).toBe('platform.validation.tooSmall');
    expect(checkPlanNumber(0, 1)).toBe('platform.validation.tooSmall');
    expect(checkPlanNumber(2_147_483_648)).toBe('platform.validation.tooLarge');
    expect(checkPlanName(' Starter ')).toBeNull();
    expect(checkPlanName(' ')).toBe('platform.validation.required');
    expect(checkPlanName('x'.repeat(101))).toBe('platform.validation.tooLong');
  });

  it('round-trips a plan and sends only what changed', () => {
    expect(formToPlan(STARTER.plan, planToForm(STARTER))).toEqual(STARTER);
    const edited = formToPlan(STARTER.plan, {
      ...planToForm(STARTER),
      total_emeterai: '150',
      note: '  ',
      is_multi_sign: true,
    });
    expect(planChanges(STARTER, edited)).toEqual({
      total_emeterai: 150,
      note: null,
      is_multi_sign: true,
    });
    expect(planChanges(STARTER, STARTER)).toEqual({});
  });
});
