import { createLocalPki, type LocalPki } from '@bubuh/pdf';
import { insertSecretIfAbsent, secretNamed } from '../../db/app-secrets.repository.ts';
import type { TDb } from '../../db/client.ts';

/** Loaded once per process and database: the PKI never changes once stored. */
const loaded = new WeakMap<TDb, Promise<LocalPki>>();

/**
 * The embedded issuer's certificate authority (root, e-Meterai signer, TSA), created on first use
 * and kept in the database so every API process of an installation signs with the same chain.
 * Read and parsed once per process (a failed read is tried again next time).
 */
export const loadLocalPki = (db: TDb): Promise<LocalPki> => {
  const known = loaded.get(db);
  if (known) return known;
  const loading = readOrCreatePki(db);
  loaded.set(db, loading);
  loading.catch(() => loaded.delete(db));
  return loading;
};

const readOrCreatePki = async (db: TDb): Promise<LocalPki> => {
  const read = async () => {
    const value = await secretNamed(db, 'local-pki');
    return value === undefined ? undefined : (JSON.parse(value) as LocalPki);
  };
  const existing = await read();
  if (existing) return existing;
  const pki = await createLocalPki({ organization: 'Bubuh' });
  await insertSecretIfAbsent(db, 'local-pki', JSON.stringify(pki));
  const stored = await read();
  if (!stored) throw new Error('local PKI could not be stored');
  return stored;
};
