import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { startS3Server } from './s3-server.ts';

/**
 * PostgreSQL runs share one database: migrate it once before the files start. PGlite runs give
 * every test file its own in-memory database (see helpers.ts), each a copy of one migrated
 * database dumped here: opening a copy is much quicker than a fresh cluster plus the migrations.
 */
const migratedPgliteDump = async (): Promise<() => void> => {
  const database = await openDatabase({ driver: 'pglite', namedStatements: false });
  let dump: Blob;
  try {
    await database.migrate();
    if (database.connection.driver !== 'pglite') throw new Error('expected PGlite');
    dump = await database.connection.client.dumpDataDir('none');
  } finally {
    await database.close();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bubuh-pglite-dump-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.BUBUH_TEST_PGLITE_DUMP = file;
  return () => fs.rmSync(dir, { recursive: true, force: true });
};

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  // S3_TEST=1: every test file stores its files on a real S3-compatible server on loopback.
  let stopS3: (() => Promise<void>) | undefined;
  if (process.env.S3_TEST === '1') {
    const s3 = await startS3Server();
    process.env.S3_TEST_ENDPOINT = s3.endpoint;
    stopS3 = s3.close;
  }
  if (process.env.BUBUH_TEST_DB !== 'postgres') {
    const removeDump = await migratedPgliteDump();
    return async () => {
      removeDump();
      await stopS3?.();
    };
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('BUBUH_TEST_DB=postgres needs DATABASE_URL');
  const database = await openDatabase({ driver: 'postgres', url });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return stopS3;
}
