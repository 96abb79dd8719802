import { desc, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

type TDbOrTx = TDb | TTx;

/**
 * SQL of the development outbox (never registered in production): the newest 50 stored mails,
 * optionally only those sent to one address (compared case-insensitively).
 */
export const latest = (db: TDbOrTx, to?: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(to ? sql`lower(${mailOutbox.to}) = ${to.toLowerCase()}` : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(50);
