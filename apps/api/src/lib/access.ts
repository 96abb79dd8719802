import { isCompanyAdmin as isCompanyAdminRole } from '@bubuh/contracts';
import type { TAuth } from '../plugins/auth.ts';
import { AppError } from './app-error.ts';

/**
 * Tenant rules in one place. The company always comes from the session (TAuth), never from the
 * request. Records of another company answer 404, wrong roles 403.
 */
export const companyOf = (auth: Pick<TAuth, 'companyId'>): number => {
  if (auth.companyId === null) throw AppError.forbidden('This needs a company account');
  return auth.companyId;
};

/**
 * admin or admin-company of a company; super administers its own (platform) company the same
 * way, which is what its User and Department menus open.
 */
export const requireCompanyAdmin = (auth: Pick<TAuth, 'role' | 'companyId'>): number => {
  if (!isCompanyAdminRole(auth.role) && auth.role !== 'super')
    throw AppError.forbidden('Only company admins can do this');
  return companyOf(auth);
};

/**
 * Spec §6: "Quota transfer and return are for company-level admins": admin and admin-company of a
 * company that holds quota. Super (platform operator) and pay-as-you-go companies (no quota) are
 * refused, as the web's `canMoveQuota` does.
 */
export const requireQuotaAdmin = (auth: TAuth): number => {
  if (!isCompanyAdminRole(auth.role)) throw AppError.forbidden('Only company admins can do this');
  if (auth.userType === 'payu')
    throw AppError.forbidden('Pay-as-you-go accounts have no quota to move');
  return companyOf(auth);
};

/** Who acts on a document: plain data (a session's or a job's), never a request. */
export type TActor = Pick<TAuth, 'userId' | 'role' | 'companyId' | 'departementId' | 'client'>;

/** Only the actor's fields (a job's data carries no session, but the client that asked). */
export const actorOf = (auth: TActor): TActor => ({
  userId: auth.userId,
  role: auth.role,
  companyId: auth.companyId,
  departementId: auth.departementId,
  ...(auth.client ? { client: auth.client } : {}),
});

/** admin or admin-company of a company (super administers nothing here). */
export const isCompanyAdmin = (actor: TActor): boolean =>
  isCompanyAdminRole(actor.role) && actor.companyId !== null;

/**
 * Which documents an actor sees: their own and those they sign; company admins also every
 * document of their company. The repository turns this into SQL.
 */
export type TVisibility = { userId: number; companyId: number | null };
export const visibilityOf = (actor: TActor): TVisibility => ({
  userId: actor.userId,
  companyId: isCompanyAdmin(actor) ? actor.companyId : null,
});

/** Owner or a company admin of the document's company may change it (signers only sign). */
export const canManage = (
  actor: TActor,
  doc: { ownerUserId: number; companyId: number | null },
): boolean =>
  doc.ownerUserId === actor.userId ||
  (isCompanyAdmin(actor) && doc.companyId !== null && doc.companyId === actor.companyId);

/**
 * Who may ask others to sign a document, in order: whoever manages it (its owner, any company
 * member, not only company admins; or a company admin of its company).
 */
export const canAskToSign = canManage;

/**
 * Who may be asked: the actor themselves, or an active colleague of the document's company (the
 * caller looks up `candidate` among active users; a personal account can only sign itself).
 */
export const mayBeAskedToSign = (
  actor: TActor,
  doc: { companyId: number | null },
  candidate: { id: number; companyId: number | null },
): boolean =>
  candidate.id === actor.userId ||
  (doc.companyId !== null &&
    actor.companyId === doc.companyId &&
    candidate.companyId === doc.companyId);
