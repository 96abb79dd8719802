import {
  normalizeIndonesianMobile,
  type TCompanyUser,
  type TCompanyUserQuery,
  type TCompanyUserSortKey,
  type TCreateUserRequest,
  type TPersonalUserQuery,
} from '@bubuh/contracts';
import { and, count, desc, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import {
  companies,
  departements,
  passwordResets,
  plans,
  subscriptions,
  users,
} from '../../db/schema.ts';
import { requireCompanyAdmin } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { newEmetId } from '../../lib/ids.ts';
import { lowerOf, orderByOf, type TSortColumns } from '../../lib/sort.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import type { TAuth } from '../../plugins/auth.ts';
import { invitationMail, type TMailLanguage } from '../mail/mail-templates.ts';
import type { TMailer } from '../mail/mailer.ts';

const INVITE_TTL_MS = 72 * 60 * 60_000;

const USER_SORT_COLUMNS: TSortColumns<TCompanyUserSortKey> = {
  name: lowerOf(users.fullName),
  email: lowerOf(users.email),
  role: users.role,
  department: lowerOf(departements.name),
  created: users.createdAt,
};
/** Default order of the user lists: newest first. */
const DEFAULT_ORDER = [desc(users.createdAt), desc(users.id)];

export const createCompanyUsersService = (deps: {
  db: TDb;
  mailer: TMailer;
  publicUrl: string;
}) => {
  const { db, mailer } = deps;

  const select = () =>
    db
      .select({ user: users, departementName: departements.name })
      .from(users)
      .leftJoin(departements, eq(departements.id, users.departementId));

  const toWire = (row: {
    user: typeof users.$inferSelect;
    departementName: string | null;
  }): TCompanyUser => ({
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

  const searchOf = (search?: string): SQL | undefined => {
    if (!search) return undefined;
    const like = `%${search.replace(/[%_]/g, '')}%`;
    return or(ilike(users.fullName, like), ilike(users.email, like));
  };

  /** One page; the personal list's keys are a subset of the company list's. */
  const paged = async (where: SQL | undefined, query: TCompanyUserQuery) => {
    const rows = await select()
      .where(where)
      .orderBy(...orderByOf(USER_SORT_COLUMNS, query, users.id, DEFAULT_ORDER))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage);
    const [total] = await db.select({ n: count() }).from(users).where(where);
    return {
      data: rows.map(toWire),
      meta: { page: query.page, perPage: query.perPage, total: total?.n ?? 0 },
    };
  };

  const checkDepartement = async (companyId: number, departementId: number | null | undefined) => {
    if (departementId === null || departementId === undefined) return;
    const [dept] = await db
      .select({ id: departements.id })
      .from(departements)
      .where(and(eq(departements.id, departementId), eq(departements.companyId, companyId)));
    if (!dept)
      throw new AppError('VALIDATION_FAILED', 'Departemen tidak ditemukan', {
        departement_id: 'Unknown department',
      });
  };

  /** Inserts the user without a password and mails a single-use link to set one. */
  const invite = async (auth: TAuth, values: typeof users.$inferInsert) => {
    let created: typeof users.$inferSelect;
    try {
      [created] = (await db.insert(users).values(values).returning()) as [
        typeof users.$inferSelect,
      ];
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('CONFLICT', 'Email sudah terdaftar', {
          email: 'This e-mail is already registered',
        });
      }
      throw error;
    }
    const token = randomToken(32);
    await db.insert(passwordResets).values({
      userId: created.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + INVITE_TTL_MS),
    });
    const [inviter] = await db
      .select({ name: users.fullName, company: companies.name })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, auth.userId));
    await mailer.send(
      invitationMail(
        created.language as TMailLanguage,
        created.email,
        created.fullName,
        inviter?.name ?? 'Bubuh',
        inviter?.company ?? 'Bubuh',
        `${deps.publicUrl.replace(/\/$/, '')}/auth/reset-password/${token}`,
      ),
    );
    return created;
  };

  const loadInCompany = async (auth: TAuth, id: number) => {
    const companyId = requireCompanyAdmin(auth);
    const [row] = await select().where(and(eq(users.id, id), eq(users.companyId, companyId)));
    if (!row) throw AppError.notFound('User');
    return { row, companyId };
  };

  const allowedRole = (auth: TAuth, role: string) => {
    if (role === 'admin' && auth.role !== 'admin')
      throw AppError.forbidden('Only an admin can appoint another admin');
  };

  return {
    listCompany: async (auth: TAuth, query: TCompanyUserQuery) => {
      const companyId = requireCompanyAdmin(auth);
      return paged(
        and(eq(users.companyId, companyId), ne(users.id, auth.userId), searchOf(query.search)),
        query,
      );
    },

    listPersonal: async (auth: TAuth, query: TPersonalUserQuery) => {
      if (auth.role !== 'super') throw AppError.forbidden();
      return paged(and(eq(users.userType, 'personal'), searchOf(query.search)), query);
    },

    create: async (auth: TAuth, body: TCreateUserRequest & { email: string }) => {
      const companyId = requireCompanyAdmin(auth);
      allowedRole(auth, body.role);
      await checkDepartement(companyId, body.departement_id);
      const created = await invite(auth, {
        email: body.email,
        fullName: body.fullName,
        phone: body.phoneNumber ? normalizeIndonesianMobile(body.phoneNumber) : null,
        role: body.role,
        userType: auth.userType === 'payu' ? 'payu' : 'company',
        companyId,
        departementId: body.role === 'user' ? (body.departement_id ?? null) : null,
        emetId: newEmetId(),
        emailVerifiedAt: new Date(),
      });
      const [row] = await select().where(eq(users.id, created.id));
      if (!row) throw AppError.notFound('User');
      return toWire(row);
    },

    update: async (
      auth: TAuth,
      id: number,
      patch: {
        fullName?: string | undefined;
        phoneNumber?: string | undefined;
        role?: 'user' | 'admin-company' | 'admin' | undefined;
        departement_id?: number | null | undefined;
      },
    ) => {
      const { row, companyId } = await loadInCompany(auth, id);
      if (patch.role !== undefined) {
        if (id === auth.userId) throw AppError.forbidden('You cannot change your own role');
        allowedRole(auth, patch.role);
      }
      await checkDepartement(companyId, patch.departement_id);
      const role = patch.role ?? row.user.role;
      const departementId =
        patch.departement_id !== undefined ? patch.departement_id : row.user.departementId;
      if (role === 'user' && departementId === null) {
        throw new AppError('VALIDATION_FAILED', 'A user needs a department', {
          departement_id: 'Required for users',
        });
      }
      await db
        .update(users)
        .set({
          ...(patch.fullName ? { fullName: patch.fullName } : {}),
          ...(patch.phoneNumber ? { phone: normalizeIndonesianMobile(patch.phoneNumber) } : {}),
          role,
          departementId: role === 'user' ? departementId : null,
          updatedAt: new Date(),
        })
        .where(and(eq(users.id, id), eq(users.companyId, companyId)));
      const [updated] = await select().where(eq(users.id, id));
      if (!updated) throw AppError.notFound('User');
      return toWire(updated);
    },

    remove: async (auth: TAuth, id: number) => {
      if (id === auth.userId) throw AppError.forbidden('You cannot delete your own account here');
      const { companyId } = await loadInCompany(auth, id);
      await db.delete(users).where(and(eq(users.id, id), eq(users.companyId, companyId)));
    },

    /** Child users of the caller's subscription, limited by the plan's total_multiuser. */
    listChildren: async (auth: TAuth) => {
      const limit = await childLimit(auth);
      const rows = await select()
        .where(eq(users.parentUserId, auth.userId))
        .orderBy(desc(users.createdAt));
      return { data: rows.map(toWire), limit, used: rows.length };
    },

    addChild: async (auth: TAuth, body: { fullName: string; email: string }) => {
      const limit = await childLimit(auth);
      const [used] = await db
        .select({ n: count() })
        .from(users)
        .where(eq(users.parentUserId, auth.userId));
      if ((used?.n ?? 0) >= limit) {
        throw new AppError(
          'UNPROCESSABLE',
          `Batas child user paket Anda (${limit}) sudah tercapai`,
        );
      }
      const [parent] = await db.select().from(users).where(eq(users.id, auth.userId));
      if (!parent) throw AppError.notFound('User');
      const created = await invite(auth, {
        email: body.email,
        fullName: body.fullName,
        role: 'user',
        userType: parent.userType,
        companyId: parent.companyId,
        departementId: parent.departementId,
        parentUserId: parent.id,
        emetId: newEmetId(),
        emailVerifiedAt: new Date(),
      });
      const [row] = await select().where(eq(users.id, created.id));
      if (!row) throw AppError.notFound('User');
      return toWire(row);
    },

    removeChild: async (auth: TAuth, id: number) => {
      const rows = await db
        .delete(users)
        .where(and(eq(users.id, id), eq(users.parentUserId, auth.userId)))
        .returning({ id: users.id });
      if (rows.length === 0) throw AppError.notFound('Child user');
    },
  };

  async function childLimit(auth: TAuth): Promise<number> {
    const [row] = await db
      .select({ limit: plans.totalMultiuser })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(
        and(
          eq(subscriptions.status, 'active'),
          auth.companyId !== null
            ? or(eq(subscriptions.companyId, auth.companyId), eq(subscriptions.userId, auth.userId))
            : eq(subscriptions.userId, auth.userId),
        ),
      )
      .orderBy(desc(subscriptions.startedAt))
      .limit(1);
    const limit = row?.limit ?? 0;
    if (limit === 0) throw AppError.forbidden('Paket Anda tidak mendukung child user');
    return limit;
  }
};

export type TCompanyUsersService = ReturnType<typeof createCompanyUsersService>;
