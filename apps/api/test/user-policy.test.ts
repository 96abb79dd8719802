/**
 * The user policy as a full matrix: every actor (role × user_type) × target role × action, against
 * the table in ARCHITECTURE.md ("User policy"). Pure functions, no database.
 */
import { ROLES, type TRole, type TUserType, USER_TYPES } from '@bubuh/contracts';
import { describe, expect, it } from 'vitest';
import {
  APPOINT_ADMIN,
  managesUsers,
  mayChangeRole,
  mayCreate,
  mayDelete,
  mayUpdate,
  NOT_AN_ADMIN,
  OWN_DELETE,
  OWN_ROLE,
  type TDecision,
  TOUCH_ADMIN,
  TOUCH_SUPER,
} from '../src/modules/users/user-policy.ts';

const ACTOR_ID = 1;
const TARGET_ID = 2;

/** The table of ARCHITECTURE.md: the roles each actor role may create, change and remove. */
const REACH: Record<TRole, readonly TRole[]> = {
  admin: ['admin', 'admin-company', 'user'],
  super: ['admin', 'admin-company', 'user'],
  'admin-company': ['admin-company', 'user'],
  user: [],
};

/** The reason expected when `actor` may not reach `target` (appointing or touching). */
const refusal = (actor: TRole, target: TRole, appoint: boolean): string | null => {
  if (REACH[actor].length === 0) return NOT_AN_ADMIN;
  if (target === 'super') return TOUCH_SUPER;
  if (REACH[actor].includes(target)) return null;
  return appoint ? APPOINT_ADMIN : TOUCH_ADMIN;
};

const reasonOf = (decision: TDecision) => (decision.ok ? null : decision.reason);

const actors = ROLES.flatMap((role) => USER_TYPES.map((userType) => ({ role, userType })));

describe.each(actors)('actor $role ($userType)', ({ role, userType }) => {
  const actor = { userId: ACTOR_ID, role, userType: userType as TUserType };

  it('manages users only as a company admin or super', () => {
    expect(managesUsers(actor)).toBe(role !== 'user');
  });

  it.each(ROLES)('creates a %s only within its reach', (target) => {
    expect(reasonOf(mayCreate(actor, target))).toBe(refusal(role, target, true));
  });

  it.each(ROLES)('updates and deletes a %s only within its reach', (target) => {
    const other = { id: TARGET_ID, role: target };
    expect(reasonOf(mayUpdate(actor, other))).toBe(refusal(role, target, false));
    expect(reasonOf(mayDelete(actor, other))).toBe(refusal(role, target, false));
  });

  it.each(ROLES)('changes a %s to any role only when both are within its reach', (from) => {
    for (const to of ROLES) {
      const expected = refusal(role, from, false) ?? refusal(role, to, true);
      expect(reasonOf(mayChangeRole(actor, { id: TARGET_ID, role: from }, to)), `→ ${to}`).toBe(
        expected,
      );
    }
  });

  it('edits itself, but neither changes its own role nor deletes itself', () => {
    const self = { id: ACTOR_ID, role };
    expect(mayUpdate(actor, self).ok).toBe(true);
    expect(reasonOf(mayDelete(actor, self))).toBe(OWN_DELETE);
    for (const to of ROLES) {
      const expected = role === 'user' ? NOT_AN_ADMIN : to === role ? null : OWN_ROLE;
      expect(reasonOf(mayChangeRole(actor, self, to)), `→ ${to}`).toBe(expected);
    }
  });
});

describe('the cases of issue 11', () => {
  const company = {
    userId: ACTOR_ID,
    role: 'admin-company' as const,
    userType: 'company' as const,
  };
  const payu = { ...company, userType: 'payu' as const };
  const admin = { id: TARGET_ID, role: 'admin' as const };

  it('an admin-company may neither appoint nor demote an admin; a payu one may not delete one', () => {
    expect(mayCreate(company, 'admin').ok).toBe(false);
    expect(mayChangeRole(company, admin, 'user').ok).toBe(false);
    expect(mayDelete(payu, admin).ok).toBe(false);
  });

  it('a plain user creates no accounts (child users included)', () => {
    expect(mayCreate({ userId: ACTOR_ID, role: 'user', userType: 'company' }, 'user').ok).toBe(
      false,
    );
  });
});
