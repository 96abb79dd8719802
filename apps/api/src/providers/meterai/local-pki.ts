import { createLocalPki, type LocalPki } from '@bubuh/pdf';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { appSecrets } from '../../db/schema.ts';

/**
 * The embedded issuer's certificate authority (root, e-Meterai signer, TSA), created on first use
 * and kept in the database so every API process of an installation signs with the same chain.
 */
export const loadLocalPki = async (db: TDb): Promise<LocalPki> => {
  const read = async () => {
    const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'local-pki'));
    return row ? (JSON.parse(row.value) as LocalPki) : undefined;
  };
  const existing = await read();
  if (existing) return existing;
  const pki = await createLocalPki({ organization: 'Bubuh' });
  await db
    .insert(appSecrets)
    .values({ name: 'local-pki', value: JSON.stringify(pki) })
    .onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error('local PKI could not be stored');
  return stored;
};
