import { desc, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

/**
 * SQL of the development outbox (never registered in production): the newest 50 stored mails,
 * optionally only those sent to one address (compared case-insensitively).
 */
export const createDevOutboxRepository = (db: TDb) => ({
  latest: (to?: string) =>
    db
      .select()
      .from(mailOutbox)
      .where(to ? sql`lower(${mailOutbox.to}) = ${to.toLowerCase()}` : undefined)
      .orderBy(desc(mailOutbox.id))
      .limit(50),
});
