import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export const findUserByEmetId = async (db: TDb, emetId: string) => {
  const [row] = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email, emetId: users.emetId })
    .from(users)
    .where(eq(users.emetId, emetId.toUpperCase()));
  return row;
};
