import type { TDb } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

/** One mail as the outbox keeps it: the whole mail (outbox), or its record (SMTP). */
export type TMailRecord = typeof mailOutbox.$inferInsert;

export const recordMail = async (db: TDb, record: TMailRecord) => {
  await db.insert(mailOutbox).values(record);
};
