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

/**
 * Spec §6: "Quota transfer and return are for company-level admins": admin and admin-company of a
 * company that holds quota. Super (platform operator) and pay-as-you-go companies (no quota) are
 * refused, as the web's `canMoveQuota` does.
 */
export const requireQuotaAdmin = (auth: TAuth): number => {
  if (!isCompanyAdmin(auth.role)) throw AppError.forbidden('Only company admins can do this');
  if (auth.userType === 'payu')
    throw AppError.forbidden('Pay-as-you-go accounts have no quota to move');
  return companyOf(auth);
};
