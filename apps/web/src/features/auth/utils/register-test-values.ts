import { EMPTY_REGISTER_VALUES } from './flow-storage';

/** A complete company registration as the form holds it (shared by the register tests). */
export const COMPANY_REGISTER_VALUES = {
  ...EMPTY_REGISTER_VALUES,
  type: 'company' as const,
  name: 'Sari',
  email: 'sari@maju.co.id',
  phoneNumber: '081234567890',
  password: 'Rahasia2026',
  passwordConfirmation: 'Rahasia2026',
  companyName: 'PT Maju',
  noKTP: '3174015708900001',
};
