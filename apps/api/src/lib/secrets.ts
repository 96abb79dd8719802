import { eq } from 'drizzle-orm';
import type { TDb } from '../db/client.ts';
import { appSecrets } from '../db/schema.ts';
import { randomToken } from './tokens.ts';

/**
 * A secret from the environment when set, otherwise one generated on first use and kept in the
 * database, so every API process of an installation shares it and nothing is fixed in code.
 */
export const resolveSecret = async (db: TDb, name: string, fromEnv?: string): Promise<string> => {
  if (fromEnv) return fromEnv;
  await db
    .insert(appSecrets)
    .values({ name, value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`Secret ${name} could not be created`);
  return row.value;
};
