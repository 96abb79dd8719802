import { isCompanyAdmin } from '@bubuh/contracts';
import type { TAuth } from '../plugins/auth.ts';
import { AppError } from './app-error.ts';

/**
 * Tenant rules in one place. The company always comes from the session (TAuth), never from the
 * request. Records of another company answer 404, wrong roles 403.
 */
export const companyOf = (auth: TAuth): number => {
  if (auth.companyId === null) throw AppError.forbidden('This needs a company account');
  return auth.companyId;
};

/**
 * admin or admin-company of a company; super administers its own (platform) company the same
 * way, which is what its User and Department menus open.
 */
export const requireCompanyAdmin = (auth: TAuth): number => {
  if (!isCompanyAdmin(auth.role) && auth.role !== 'super')
    throw AppError.forbidden('Only company admins can do this');
  return companyOf(auth);
};

/** Company admins that hold quota (pay-as-you-go companies do not: spec §6). */
export const requireQuotaAdmin = (auth: TAuth): number => {
  const companyId = requireCompanyAdmin(auth);
  if (auth.userType === 'payu')
    throw AppError.forbidden('Pay-as-you-go accounts have no quota to move');
  return companyId;
};
