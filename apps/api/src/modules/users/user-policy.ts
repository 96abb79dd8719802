import { MANAGEABLE_ROLES, type TRole, type TUserType } from '@bubuh/contracts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Who may create, change, demote and delete whom (ARCHITECTURE.md, "User policy"). Pure functions,
 * the one place the users routes ask; tenancy (same company, else 404) is checked by the caller
 * before a target is handed in.
 *
 * - admin and super (in its own, platform company): users, admin-companies and admins.
 * - admin-company (user_type company or payu): users and admin-companies, never an admin, neither
 *   to appoint, change, demote nor delete one.
 * - user (company, personal or payu): nobody else, child users included.
 * - A super account is never a target; nobody changes their own role or deletes themselves here.
 */
export type TPolicyActor = { userId: number; role: TRole; userType: TUserType };
export type TPolicyTarget = { id: number; role: TRole };
export type TUserAction = 'create' | 'update' | 'change-role' | 'delete';
export type TDecision = { ok: true } | { ok: false; reason: string };

const ALLOW: TDecision = { ok: true };
const deny = (reason: string): TDecision => ({ ok: false, reason });

export const NOT_AN_ADMIN = 'Only company admins can do this';
export const APPOINT_ADMIN = 'Only an admin can appoint another admin';
export const TOUCH_ADMIN = 'Only an admin can change or remove another admin';
export const TOUCH_SUPER = 'A super account cannot be changed here';
export const OWN_ROLE = 'You cannot change your own role';
export const OWN_DELETE = 'You cannot delete your own account here';

/** The roles an actor may give to, take from, and remove from accounts of its company. */
export const manageableRoles = (actor: Pick<TPolicyActor, 'role'>): readonly TRole[] =>
  MANAGEABLE_ROLES[actor.role];

/** Company admins and super manage accounts at all (lists, invitations, child users). */
export const managesUsers = (actor: Pick<TPolicyActor, 'role'>): boolean =>
  manageableRoles(actor).length > 0;

const reach = (actor: TPolicyActor, role: TRole, appoint: boolean): TDecision => {
  if (!managesUsers(actor)) return deny(NOT_AN_ADMIN);
  if (role === 'super') return deny(TOUCH_SUPER);
  if (manageableRoles(actor).includes(role)) return ALLOW;
  return deny(appoint ? APPOINT_ADMIN : TOUCH_ADMIN);
};

/** Add an account of `role` (invitation or child user). */
export const mayCreate = (actor: TPolicyActor, role: TRole): TDecision => reach(actor, role, true);

/** Change name, phone or department of `target` (own record: always). */
export const mayUpdate = (actor: TPolicyActor, target: TPolicyTarget): TDecision =>
  target.id === actor.userId ? ALLOW : reach(actor, target.role, false);

/** Give `target` the role `to` (promotion and demotion alike). */
export const mayChangeRole = (actor: TPolicyActor, target: TPolicyTarget, to: TRole): TDecision => {
  if (!managesUsers(actor)) return deny(NOT_AN_ADMIN);
  if (target.id === actor.userId) return to === target.role ? ALLOW : deny(OWN_ROLE);
  const from = reach(actor, target.role, false);
  return from.ok ? reach(actor, to, true) : from;
};

/** Remove `target` (deactivation or erasure alike). */
export const mayDelete = (actor: TPolicyActor, target: TPolicyTarget): TDecision =>
  target.id === actor.userId ? deny(OWN_DELETE) : reach(actor, target.role, false);

/** The decision as an answer: 403 with the reason, or nothing. */
export const enforce = (decision: TDecision): void => {
  if (!decision.ok) throw AppError.forbidden(decision.reason);
};
