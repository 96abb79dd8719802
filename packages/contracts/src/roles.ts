import { z } from 'zod';

/** Role values and their index, as spec §6 lists them. */
export const ROLES = ['admin', 'user', 'super', 'admin-company'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

export const ROLE_INDEX = {
  admin: 1,
  user: 2,
  super: 3,
  'admin-company': 4,
} as const satisfies Record<TRole, number>;

/** `company` is the "other" user type of spec §3 (neither personal nor pay-as-you-go). */
export const USER_TYPES = ['personal', 'payu', 'company'] as const;
export const ZUserType = z.enum(USER_TYPES);
export type TUserType = z.infer<typeof ZUserType>;

/** Roles that act on the company level (quota transfer and return, user and department admin). */
export const COMPANY_ADMIN_ROLES = ['admin', 'admin-company'] as const satisfies readonly TRole[];

export const isCompanyAdmin = (role: TRole): boolean =>
  (COMPANY_ADMIN_ROLES as readonly TRole[]).includes(role);

/**
 * The roles an account may create, change (promote, demote) and remove in its company: admin and
 * super every role but super, admin-company users and admin-companies (never an admin), a plain
 * user none. The API's user policy enforces it; the web hides what it refuses.
 */
export const MANAGEABLE_ROLES = {
  admin: ['admin', 'admin-company', 'user'],
  super: ['admin', 'admin-company', 'user'],
  'admin-company': ['admin-company', 'user'],
  user: [],
} as const satisfies Record<TRole, readonly TRole[]>;

export const canManageRole = (actor: TRole, target: TRole): boolean =>
  (MANAGEABLE_ROLES[actor] as readonly TRole[]).includes(target);
