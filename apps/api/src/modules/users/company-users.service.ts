import {
  normalizeIndonesianMobile,
  type TCompanyUser,
  type TCompanyUserQuery,
  type TCreateUserRequest,
  type TPersonalUserQuery,
  type TRole,
} from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import { companyOf } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { newEmetId } from '../../lib/ids.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import type { TAuth } from '../../plugins/auth.ts';
import type { TMailer } from '../mail/index.ts';
import { invitationMail, type TMailLanguage } from '../mail/index.ts';
import * as repo from './company-users.repository.ts';
import {
  enforce,
  managesUsers,
  mayChangeRole,
  mayCreate,
  mayDelete,
  mayUpdate,
  NOT_AN_ADMIN,
  type TPolicyActor,
} from './user-policy.ts';

const INVITE_TTL_MS = 72 * 60 * 60_000;

/** What a removal did: erased, or deactivated because the user owns or signs documents. */
export type TRemoval = 'deleted' | 'deactivated';

const toWire = (row: repo.TUserWithDept): TCompanyUser => ({
  id: row.user.id,
  fullName: row.user.fullName,
  email: row.user.email,
  phone: row.user.phone,
  role: row.user.role,
  user_type: row.user.userType,
  departement_id: row.user.departementId,
  departement_name: row.departementName,
  emet_id: row.user.emetId,
  email_verified: row.user.emailVerifiedAt !== null,
  invitation_pending: row.user.passwordHash === null,
  created_at: row.user.createdAt.toISOString(),
});

const actorOf = (auth: TAuth): TPolicyActor => ({
  userId: auth.userId,
  role: auth.role,
  userType: auth.userType,
});

/** The company of an actor who manages users (user-policy), else 403. */
const managedCompany = (auth: TAuth): number => {
  if (!managesUsers(auth)) throw AppError.forbidden(NOT_AN_ADMIN);
  return companyOf(auth);
};

export const createCompanyUsersService = (deps: {
  db: TDb;
  mailer: TMailer;
  publicUrl: string;
}) => {
  const { db, mailer } = deps;

  const checkDepartement = async (companyId: number, departementId: number | null | undefined) => {
    if (departementId === null || departementId === undefined) return;
    if (!(await repo.hasDepartement(db, companyId, departementId)))
      throw new AppError('VALIDATION_FAILED', 'Departemen tidak ditemukan', {
        departement_id: 'Unknown department',
      });
  };

  /**
   * Inserts the user without a password (with `insert`, which may count a limit first) and mails
   * a single-use link to set one.
   */
  const invite = async (
    auth: TAuth,
    values: repo.TNewUser,
    insert: (invitation: { tokenHash: string; expiresAt: Date }) => Promise<number>,
  ) => {
    const token = randomToken(32);
    let id: number;
    try {
      id = await insert({
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + INVITE_TTL_MS),
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('CONFLICT', 'Email sudah terdaftar', {
          email: 'This e-mail is already registered',
        });
      }
      throw error;
    }
    const inviter = await repo.inviterOf(db, auth.userId);
    await mailer.send(
      invitationMail(
        (values.language ?? 'en') as TMailLanguage,
        values.email,
        values.fullName,
        inviter?.name ?? 'Bubuh',
        inviter?.company ?? 'Bubuh',
        `${deps.publicUrl.replace(/\/$/, '')}/auth/reset-password/${token}`,
      ),
    );
    const row = await repo.withDepartement(db, id);
    if (!row) throw AppError.notFound('User');
    return toWire(row);
  };

  const loadInCompany = async (auth: TAuth, id: number) => {
    const companyId = managedCompany(auth);
    const row = await repo.findInCompany(db, companyId, id);
    if (!row) throw AppError.notFound('User');
    return { row, companyId };
  };

  const targetOf = (user: repo.TUserRow) => ({ id: user.id, role: user.role });

  /** The subscription limiting the caller's child users and its limit (403 when it has none). */
  const childScope = async (auth: TAuth) => {
    const scope = await repo.childScope(db, auth.companyId, auth.userId);
    const limit = scope?.limit ?? 0;
    if (!scope || limit === 0) throw AppError.forbidden('Paket Anda tidak mendukung child user');
    return { scope, limit };
  };

  const removeIn = async (companyId: number, id: number): Promise<TRemoval> => {
    const done = await repo.remove(db, companyId, id);
    if (done === 'missing') throw AppError.notFound('User');
    return done;
  };

  return {
    listCompany: async (auth: TAuth, query: TCompanyUserQuery) => {
      const companyId = managedCompany(auth);
      const { rows, total } = await repo.page(db, { companyId, exceptUserId: auth.userId }, query);
      return {
        data: rows.map(toWire),
        meta: { page: query.page, perPage: query.perPage, total },
      };
    },

    listPersonal: async (auth: TAuth, query: TPersonalUserQuery) => {
      if (auth.role !== 'super') throw AppError.forbidden();
      const { rows, total } = await repo.page(db, 'personal', query);
      return {
        data: rows.map(toWire),
        meta: { page: query.page, perPage: query.perPage, total },
      };
    },

    create: async (auth: TAuth, body: TCreateUserRequest & { email: string }) => {
      const companyId = managedCompany(auth);
      enforce(mayCreate(actorOf(auth), body.role));
      await checkDepartement(companyId, body.departement_id);
      const values = {
        email: body.email,
        fullName: body.fullName,
        phone: body.phoneNumber ? normalizeIndonesianMobile(body.phoneNumber) : null,
        role: body.role,
        userType: auth.userType === 'payu' ? ('payu' as const) : ('company' as const),
        companyId,
        departementId: body.role === 'user' ? (body.departement_id ?? null) : null,
        emetId: newEmetId(),
        emailVerifiedAt: new Date(),
      };
      return invite(auth, values, (invitation) => repo.invite(db, values, invitation));
    },

    update: async (
      auth: TAuth,
      id: number,
      patch: {
        fullName?: string | undefined;
        phoneNumber?: string | undefined;
        role?: TRole | undefined;
        departement_id?: number | null | undefined;
      },
    ) => {
      const { row, companyId } = await loadInCompany(auth, id);
      const actor = actorOf(auth);
      enforce(mayUpdate(actor, targetOf(row.user)));
      if (patch.role !== undefined) enforce(mayChangeRole(actor, targetOf(row.user), patch.role));
      await checkDepartement(companyId, patch.departement_id);
      const role = patch.role ?? row.user.role;
      const departementId =
        patch.departement_id !== undefined ? patch.departement_id : row.user.departementId;
      if (role === 'user' && departementId === null) {
        throw new AppError('VALIDATION_FAILED', 'A user needs a department', {
          departement_id: 'Required for users',
        });
      }
      await repo.update(db, companyId, id, {
        ...(patch.fullName ? { fullName: patch.fullName } : {}),
        ...(patch.phoneNumber ? { phone: normalizeIndonesianMobile(patch.phoneNumber) } : {}),
        role,
        departementId: role === 'user' ? departementId : null,
      });
      const updated = await repo.findInCompany(db, companyId, id);
      if (!updated) throw AppError.notFound('User');
      return toWire(updated);
    },

    /** Erases the user, or deactivates one who owns or signs documents (kept for the company). */
    remove: async (auth: TAuth, id: number): Promise<TRemoval> => {
      const companyId = managedCompany(auth);
      if (id === auth.userId) enforce(mayDelete(actorOf(auth), { id, role: auth.role }));
      const { row } = await loadInCompany(auth, id);
      enforce(mayDelete(actorOf(auth), targetOf(row.user)));
      return removeIn(companyId, id);
    },

    /** Child users of the caller's subscription (whoever of its admins added them). */
    listChildren: async (auth: TAuth) => {
      managedCompany(auth);
      const { scope, limit } = await childScope(auth);
      const rows = await repo.children(db, scope);
      return { data: rows.map(toWire), limit, used: rows.length };
    },

    /** A child user (role user) of the subscription, up to the plan's total_multiuser. */
    addChild: async (auth: TAuth, body: { fullName: string; email: string }) => {
      managedCompany(auth);
      enforce(mayCreate(actorOf(auth), 'user'));
      const { scope, limit } = await childScope(auth);
      const parent = await repo.findById(db, auth.userId);
      if (!parent) throw AppError.notFound('User');
      const values = {
        email: body.email,
        fullName: body.fullName,
        role: 'user' as const,
        userType: parent.userType,
        companyId: parent.companyId,
        departementId: parent.departementId,
        parentUserId: parent.id,
        emetId: newEmetId(),
        emailVerifiedAt: new Date(),
      };
      return invite(auth, values, (invitation) =>
        repo.inviteChild(
          db,
          scope,
          limit,
          values,
          invitation,
          (max) =>
            new AppError('UNPROCESSABLE', `Batas child user paket Anda (${max}) sudah tercapai`),
        ),
      );
    },

    removeChild: async (auth: TAuth, id: number): Promise<TRemoval> => {
      const companyId = managedCompany(auth);
      const row = await repo.findInCompany(db, companyId, id);
      if (!row || row.user.parentUserId === null) throw AppError.notFound('Child user');
      enforce(mayDelete(actorOf(auth), targetOf(row.user)));
      return removeIn(companyId, id);
    },
  };
};

export type TCompanyUsersService = ReturnType<typeof createCompanyUsersService>;
