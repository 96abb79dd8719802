import { eq } from 'drizzle-orm';
import type { TDb } from './client.ts';
import { appSecrets } from './schema.ts';

/** Stores `value` under `name` unless a secret of that name exists (the first process wins). */
export const insertSecretIfAbsent = async (db: TDb, name: string, value: string) => {
  await db.insert(appSecrets).values({ name, value }).onConflictDoNothing();
};

export const secretNamed = async (db: TDb, name: string) => {
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return row?.value;
};
