import { insertSecretIfAbsent, secretNamed } from '../db/app-secrets.repository.ts';
import type { TDb } from '../db/client.ts';
import { randomToken } from './tokens.ts';

/**
 * A secret from the environment when set, otherwise one generated on first use and kept in the
 * database, so every API process of an installation shares it and nothing is fixed in code.
 */
export const resolveSecret = async (db: TDb, name: string, fromEnv?: string): Promise<string> => {
  if (fromEnv) return fromEnv;
  await insertSecretIfAbsent(db, name, randomToken(48));
  const value = await secretNamed(db, name);
  if (value === undefined) throw new Error(`Secret ${name} could not be created`);
  return value;
};
