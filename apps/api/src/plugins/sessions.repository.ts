import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';

/**
 * The session check every authenticated request runs: built once, and on PostgreSQL a named
 * statement that each connection parses and plans once.
 */
export const prepareSessionLookup = (db: TDb) =>
  db
    .select({
      role: users.role,
      userType: users.userType,
      companyId: users.companyId,
      departementId: users.departementId,
      language: users.language,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sid')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
      ),
    )
    .prepare('auth_session_of');
