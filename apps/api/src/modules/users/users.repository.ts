import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { firstOf } from '../../db/query.ts';
import { users } from '../../db/schema.ts';

export const findUserByEmetId = (db: TDb, emetId: string) =>
  firstOf(
    db
      .select({ id: users.id, fullName: users.fullName, email: users.email, emetId: users.emetId })
      .from(users)
      .where(eq(users.emetId, emetId.toUpperCase())),
  );
