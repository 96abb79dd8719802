import { index, pgTable, primaryKey, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { at, atNow, counter, ref, serialId } from './columns';

import { users } from './org';

/** Secrets generated on first start when not configured (e.g. the JWT key), shared by processes. */
export const appSecrets = pgTable('app_secrets', {
  name: varchar('name', { length: 60 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: atNow('created_at'),
});

/** A login session: one refresh-token family. Revoking it ends every token of the family. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    userAgent: varchar('user_agent', { length: 300 }),
    ip: varchar('ip', { length: 64 }),
    createdAt: atNow('created_at'),
    lastUsedAt: atNow('last_used_at'),
    revokedAt: at('revoked_at'),
    revokedReason: varchar('revoked_reason', { length: 40 }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Wrong passwords of one account from one client address (`client`: the IPv4 address, or the /64
 * of an IPv6 one). 5 within 15 minutes lock that pair for 15 minutes, so a stranger who knows the
 * e-mail address locks only themselves out. The account's recent failures from every address
 * (the pairs' sum) past 50 make each right password ask for an e-mail code (auth.service).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    client: varchar('client', { length: 64 }).notNull(),
    failures: counter('failures'),
    /** The first failure of the pair's current 15 minutes. */
    windowStartedAt: atNow('window_started_at'),
    lastFailedAt: atNow('last_failed_at'),
    lockedUntil: at('locked_until'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.client] })],
);

/** Rotating refresh tokens, stored as SHA-256 hashes. A rotated token used again = theft. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serialId(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: at('expires_at').notNull(),
    rotatedAt: at('rotated_at'),
    createdAt: atNow('created_at'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/** E-mail OTPs (register and login), stored hashed; single use, expiring, attempt-limited. */
export const otps = pgTable(
  'otps',
  {
    id: serialId(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    purpose: varchar('purpose', { length: 20, enum: ['register', 'login'] }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    /** For login OTPs: hash of the opaque token that ties the challenge to the login attempt. */
    challengeHash: varchar('challenge_hash', { length: 64 }),
    attempts: counter('attempts'),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: atNow('created_at'),
  },
  (t) => [
    index('otps_user_purpose_idx').on(t.userId, t.purpose),
    uniqueIndex('otps_challenge_uq').on(t.challengeHash),
  ],
);

/** Password-reset tokens (the `{id}` of /auth/reset-password/{id}), stored hashed, single use. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serialId(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: atNow('created_at'),
  },
  (t) => [uniqueIndex('password_resets_hash_uq').on(t.tokenHash)],
);
