import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { userCertificates } from '../../db/schema.ts';

export const certificateOf = async (db: TDb, userId: number) => {
  const [row] = await db.select().from(userCertificates).where(eq(userCertificates.userId, userId));
  return row;
};

/** Keeps a user's first certificate; a second issued at the same moment is dropped. */
export const insertCertificateIfAbsent = async (
  db: TDb,
  values: typeof userCertificates.$inferInsert,
) => {
  await db.insert(userCertificates).values(values).onConflictDoNothing();
};
