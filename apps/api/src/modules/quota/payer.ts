import { z } from 'zod';
import { isCompanyAdmin, requireCompanyAdmin, type TActor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TAccountRef, TOwnerType } from './ledger.repository.ts';

/** An account as a job's data carries it (the payer of a stamp or a signature). */
export const ZAccountRef = z.object({
  ownerType: z.enum(['system', 'company', 'departement', 'user']),
  ownerId: z.number().int(),
  companyId: z.number().int().nullable(),
}) satisfies z.ZodType<TAccountRef>;

/** The three quota accounts an actor can have (spec §6). */
export type TQuotaScope = 'company' | 'departement' | 'user';

/** Spec §6: admin and admin-company use the company's quota, users their department's, others their own. */
export const quotaScopeOf = (actor: TActor): TQuotaScope =>
  isCompanyAdmin(actor)
    ? 'company'
    : actor.role === 'user' && actor.departementId !== null && actor.companyId !== null
      ? 'departement'
      : 'user';

/**
 * An account as the ledger names it: only a company's and a department's carry the company (a
 * user's own account belongs to no company, even when the user does).
 */
export const accountRef = (
  ownerType: Exclude<TOwnerType, 'system'>,
  ownerId: number,
  companyId: number | null,
): TAccountRef => ({ ownerType, ownerId, companyId: ownerType === 'user' ? null : companyId });

/**
 * The one payer rule: the quota account of `scope` for the actor, refused when the actor has no
 * such account. Without a scope, the actor's own (spec §6): what pays for their stamps and
 * signatures, and what their invoices credit.
 */
export const accountOf = (actor: TActor, scope: TQuotaScope = quotaScopeOf(actor)): TAccountRef => {
  if (scope === 'company') {
    const companyId = requireCompanyAdmin(actor);
    return accountRef('company', companyId, companyId);
  }
  if (scope === 'departement') {
    if (actor.role !== 'user' || actor.departementId === null || actor.companyId === null)
      throw AppError.forbidden('Only department users have department quota');
    return accountRef('departement', actor.departementId, actor.companyId);
  }
  return accountRef('user', actor.userId, null);
};
