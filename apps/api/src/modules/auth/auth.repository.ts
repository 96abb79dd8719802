import { and, desc, eq, gt, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
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
  loginFailures,
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

// --- failed sign-ins ----------------------------------------------------------------------

/** How wrong passwords count: per account and client address, within a window (AUTH_RULES). */
export type TLoginFailureRules = { maxFailures: number; lockMs: number; windowMs: number };

const ms = (n: number) => sql`(${n} * interval '1 millisecond')`;
const lf = loginFailures;
/** A pair whose window has passed and which is not locked: its next failure is its first again. */
const staleFailures = (windowMs: number) =>
  sql`(${lf.windowStartedAt} <= now() - ${ms(windowMs)} and (${lf.lockedUntil} is null or ${lf.lockedUntil} <= now()))`;

/**
 * Counts a wrong password of `client` for the account, in one statement (parallel guesses are all
 * counted): the failure that reaches `maxFailures` within the pair's window locks the pair for
 * `lockMs`; a failure after a stale window starts it again at 1.
 */
export const recordFailedLogin = async (
  db: TDbOrTx,
  userId: number,
  client: string,
  rules: TLoginFailureRules,
) => {
  const stale = staleFailures(rules.windowMs);
  const lockAt = sql`now() + ${ms(rules.lockMs)}`;
  await db
    .insert(lf)
    .values({ userId, client, failures: 1, lockedUntil: rules.maxFailures <= 1 ? lockAt : null })
    .onConflictDoUpdate({
      target: [lf.userId, lf.client],
      set: {
        failures: sql`case when ${stale} then 1 else ${lf.failures} + 1 end`,
        windowStartedAt: sql`case when ${stale} then now() else ${lf.windowStartedAt} end`,
        lastFailedAt: sql`now()`,
        lockedUntil: sql`case when ${stale} then null
          when ${lf.lockedUntil} is null and ${lf.failures} + 1 >= ${rules.maxFailures} then ${lockAt}
          else ${lf.lockedUntil} end`,
      },
    });
};

/**
 * What a right password of `client` meets: the seconds its pair stays locked (null: not locked),
 * the account's failures from every address within the window, and whether any row is kept.
 */
export const loginFailureState = async (
  db: TDbOrTx,
  userId: number,
  client: string,
  windowMs: number,
) => {
  const [row] = await db
    .select({
      lockedForSeconds: sql<number | null>`ceil(extract(epoch from max(${lf.lockedUntil}) filter (
          where ${lf.client} = ${client} and ${lf.lockedUntil} > now()) - now()))::int`,
      accountFailures: sql<number>`coalesce(sum(${lf.failures}) filter (
          where ${lf.lastFailedAt} > now() - ${ms(windowMs)}), 0)::int`.mapWith(Number),
      rows: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(lf)
    .where(eq(lf.userId, userId));
  return {
    lockedForSeconds: row?.lockedForSeconds ?? null,
    accountFailures: row?.accountFailures ?? 0,
    rows: row?.rows ?? 0,
  };
};

/** After a right password: `client`'s failures go, and the account's stale pairs with them. */
export const clearFailedLogins = async (
  db: TDbOrTx,
  userId: number,
  client: string,
  windowMs: number,
) => {
  await db
    .delete(lf)
    .where(and(eq(lf.userId, userId), or(eq(lf.client, client), staleFailures(windowMs))));
};

/** A new password (a reset proved the mailbox): every address starts again. */
export const clearAllFailedLogins = async (db: TDbOrTx, userId: number) => {
  await db.delete(lf).where(eq(lf.userId, userId));
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
