import { and, desc, eq, gt, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import {
  firstOf,
  insertOne,
  insertRows,
  latestWhere,
  rowWithParent,
  stampOnce,
} from '../../db/query.ts';
import {
  companies,
  departements,
  otps,
  passwordResets,
  refreshTokens,
  sessions,
  users,
} from '../../db/schema.ts';

type TDbOrTx = TDb | TTx;

export const findUserByEmail = (db: TDbOrTx, email: string) =>
  firstOf(db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`));

export const findUserById = (db: TDbOrTx, id: number) =>
  firstOf(db.select().from(users).where(eq(users.id, id)));

export type TUserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/** The user with company and department names, as the session's userData needs them. */
export const findUserWithOrg = (db: TDbOrTx, id: number) =>
  firstOf(
    db
      .select({ user: users, companyName: companies.name, departementName: departements.name })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .leftJoin(departements, eq(departements.id, users.departementId))
      .where(eq(users.id, id)),
  );

export type TUserWithOrg = NonNullable<Awaited<ReturnType<typeof findUserWithOrg>>>;

export const insertCompany = async (db: TDbOrTx, values: typeof companies.$inferInsert) => {
  const [row] = await db.insert(companies).values(values).returning({ id: companies.id });
  if (!row) throw new Error('company insert returned nothing');
  return row.id;
};

export const updateCompany = async (
  db: TDbOrTx,
  id: number,
  values: Partial<typeof companies.$inferInsert>,
) => {
  await db.update(companies).set(values).where(eq(companies.id, id));
};

/** Only for the company of an unfinished registration that became a personal one. */
export const deleteCompany = async (db: TDbOrTx, id: number) => {
  await db.delete(companies).where(eq(companies.id, id));
};

export const insertUser = (db: TDbOrTx, values: typeof users.$inferInsert) =>
  insertOne(db, users, values);

export const updateUser = async (
  db: TDbOrTx,
  id: number,
  values: Partial<typeof users.$inferInsert>,
) => {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
};

export const recordFailedLogin = async (
  db: TDbOrTx,
  id: number,
  maxFailures: number,
  lockMs: number,
) => {
  await db
    .update(users)
    .set({
      failedLoginCount: sql`${users.failedLoginCount} + 1`,
      lockedUntil: sql`case when ${users.failedLoginCount} + 1 >= ${maxFailures} then now() + (${lockMs} * interval '1 millisecond') else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, id));
};

// --- OTPs ---------------------------------------------------------------------------------

export const latestOtp = (db: TDbOrTx, userId: number, purpose: 'register' | 'login') =>
  latestWhere(db, otps, and(eq(otps.userId, userId), eq(otps.purpose, purpose)), [
    desc(otps.createdAt),
    desc(otps.id),
  ]);

export const findOtpByChallenge = (db: TDbOrTx, challengeHash: string) =>
  firstOf(db.select().from(otps).where(eq(otps.challengeHash, challengeHash)));

export const insertOtp = async (db: TDbOrTx, values: typeof otps.$inferInsert) => {
  // A new code replaces any earlier unused code of the same purpose.
  await db
    .update(otps)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(otps.userId, values.userId),
        eq(otps.purpose, values.purpose),
        isNull(otps.consumedAt),
      ),
    );
  await insertRows(db, otps, values);
};

/** Counts a wrong try; returns the new count (atomic, so parallel guesses are all counted). */
export const addOtpAttempt = async (db: TDbOrTx, id: number) => {
  const [row] = await db
    .update(otps)
    .set({ attempts: sql`${otps.attempts} + 1` })
    .where(eq(otps.id, id))
    .returning({ attempts: otps.attempts });
  return row?.attempts ?? Number.POSITIVE_INFINITY;
};

/** Marks the OTP used; false when someone else used it first (single use under concurrency). */
export const consumeOtp = (db: TDbOrTx, id: number) => stampOnce(db, otps, id, 'consumedAt');

// --- sessions and refresh tokens ----------------------------------------------------------

export const insertSession = (db: TDbOrTx, values: typeof sessions.$inferInsert) =>
  insertRows(db, sessions, values);

export const insertRefreshToken = (db: TDbOrTx, values: typeof refreshTokens.$inferInsert) =>
  insertRows(db, refreshTokens, values);

const tokenWithSession = rowWithParent(
  { token: refreshTokens, session: sessions },
  refreshTokens.sessionId,
);

export const findRefreshToken = (db: TDbOrTx, tokenHash: string) =>
  tokenWithSession(db, eq(refreshTokens.tokenHash, tokenHash));

/** Rotates a token once: false when it was already rotated (a replay). */
export const markRefreshTokenRotated = (db: TDbOrTx, id: number) =>
  stampOnce(db, refreshTokens, id, 'rotatedAt');

/** Revokes the sessions that match `where` and are not revoked yet. */
const revokeWhere = async (db: TDbOrTx, where: SQL | undefined, reason: string) => {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(where, isNull(sessions.revokedAt)));
};

export const revokeSession = (db: TDbOrTx, sessionId: string, reason: string) =>
  revokeWhere(db, eq(sessions.id, sessionId), reason);

export const revokeAllSessions = (db: TDbOrTx, userId: number, reason: string) =>
  revokeWhere(db, eq(sessions.userId, userId), reason);

export const revokeOtherSessions = (db: TDbOrTx, userId: number, keepId: string, reason: string) =>
  revokeWhere(db, and(eq(sessions.userId, userId), ne(sessions.id, keepId)), reason);

export const touchSession = async (db: TDbOrTx, sessionId: string) => {
  await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, sessionId));
};

// --- password resets ----------------------------------------------------------------------

export const insertPasswordReset = (db: TDbOrTx, values: typeof passwordResets.$inferInsert) =>
  insertRows(db, passwordResets, values);

export const latestPasswordReset = (db: TDbOrTx, userId: number) =>
  latestWhere(db, passwordResets, eq(passwordResets.userId, userId), [
    desc(passwordResets.createdAt),
  ]);

/** Claims a reset token once, if unused and not expired; returns its user. */
export const usePasswordReset = async (db: TDbOrTx, tokenHash: string) => {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId;
};

export type TOtpRow = NonNullable<Awaited<ReturnType<typeof latestOtp>>>;
