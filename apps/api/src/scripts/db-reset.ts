import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadDotEnv, loadEnv } from '../config/env.ts';
import { acquireDirLock } from '../db/lock.ts';
import { createRuntime, openConfiguredDatabase } from '../runtime.ts';

/**
 * `npm run db:reset`: drops everything and starts over (migrate + demo seed).
 * Embedded: removes ./data/pglite and ./data/files. PostgreSQL: drops and recreates the schemas.
 */
const main = async () => {
  loadDotEnv();
  const env = loadEnv();
  if (env.DATABASE_URL) {
    const database = await openConfiguredDatabase(env);
    await database.db.execute(sql`drop schema if exists public cascade`);
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(
      sql`drop schema if exists ${sql.identifier(env.JOBS_SCHEMA)} cascade`,
    );
    await database.db.execute(sql`create schema public`);
    await database.close();
  } else {
    const lock = acquireDirLock(env.DATA_DIR);
    fs.rmSync(path.join(env.DATA_DIR, 'pglite'), { recursive: true, force: true });
    lock.release();
  }
  fs.rmSync(path.join(env.DATA_DIR, 'files'), { recursive: true, force: true });
  const runtime = await createRuntime(env, (m) => console.log(`[bubuh] ${m}`));
  await runtime.database.close();
  console.log('[bubuh] database reset');
};

main().catch((error: unknown) => {
  console.error(`[bubuh] reset failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
