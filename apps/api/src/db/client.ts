import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { REPO_ROOT } from '../config/env.ts';
import { acquireDirLock } from './lock.ts';
import { withNamedStatements } from './pglite-statements.ts';
import * as schema from './schema.ts';
import { mayBeNamed, NAMED_STATEMENTS_MAX } from './statement-names.ts';

export type TSchema = typeof schema;
/** One type for both drivers: every query goes through the pg-core API. */
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];
export type TDbDriver = 'pglite' | 'postgres';

/** The raw connection under Drizzle, for pg-boss (src/jobs): the PGlite session or the URL. */
export type TDbConnection =
  | { driver: 'pglite'; client: PGlite }
  | { driver: 'postgres'; url: string };

export type TDatabase = {
  db: TDb;
  driver: TDbDriver;
  connection: TDbConnection;
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

/** Longest a statement of the app may run on PostgreSQL before it is cancelled. */
const STATEMENT_TIMEOUT_MS = 15_000;

export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps/api/drizzle');

export type TOpenDatabaseOptions =
  | { driver: 'postgres'; url: string; poolSize?: number; namedStatements?: boolean }
  /**
   * dataDir: a folder (persisted, locked) or undefined for an in-memory database (tests).
   * from: an in-memory database starts as a copy of this dump (`dumpDataDir`) instead of a
   * fresh cluster (the tests' migrated database, made once per run).
   */
  | { driver: 'pglite'; dataDir?: string; from?: Blob; namedStatements?: boolean };

/** Statements named so far, by text (see `nameStatements`). */
const statementNames = new Map<string, string>();

/**
 * Gives every parameterised statement of a connection a name derived from its text, so
 * PostgreSQL parses it once per connection and may keep its plan: the app's statements come from
 * a few hundred query shapes with their values always bound as parameters.
 */
const nameStatements = (client: pg.PoolClient) => {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (config: unknown) => {
    if (typeof config !== 'object' || config === null) return config;
    const { text, name } = config as { text?: unknown; name?: unknown };
    // A pattern's best plan depends on the pattern: such statements stay unnamed (planned per call).
    if (typeof text !== 'string' || name !== undefined || !mayBeNamed(text)) return config;
    let known = statementNames.get(text);
    if (!known) {
      if (statementNames.size >= NAMED_STATEMENTS_MAX) return config;
      known = `b${statementNames.size}`;
      statementNames.set(text, known);
    }
    return { ...config, name: known };
  };
  client.query = ((config: unknown, ...rest: unknown[]) =>
    query(named(config), ...rest)) as typeof client.query;
};

/** How long an idle pooled connection is kept (pg-pool's default is 10 s). */
const POOL_IDLE_MS = 10 * 60_000;

export const openDatabase = async (options: TOpenDatabaseOptions): Promise<TDatabase> => {
  if (options.driver === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // No request may hold a connection for long; the app's short OLTP queries gain nothing from
      // JIT compilation, which costs tens of milliseconds per plan.
      statement_timeout: STATEMENT_TIMEOUT_MS,
      options: '-c jit=off',
      // A connection closed when idle takes with it its backend's warm caches and the plans of
      // its named statements: the next burst would open cold ones (tens of ms each under load).
      idleTimeoutMillis: POOL_IDLE_MS,
    });
    if (options.namedStatements !== false) pool.on('connect', nameStatements);
    const db = drizzlePg(pool, { schema }) as unknown as TDb;
    return {
      db,
      driver: 'postgres',
      connection: { driver: 'postgres', url: options.url },
      migrate: async () => {
        await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        await pool.end();
      },
    };
  }
  const lock = options.dataDir ? acquireDirLock(options.dataDir) : undefined;
  try {
    // pg_trgm serves the documents' file-name search index (migration 0008).
    const extensions = { pg_trgm };
    const client = options.dataDir
      ? await PGlite.create(path.join(options.dataDir, 'pglite'), { extensions })
      : await PGlite.create({ extensions, loadDataDir: options.from });
    const session = options.namedStatements === false ? client : withNamedStatements(client);
    const db = drizzlePglite(session, { schema }) as unknown as TDb;
    return {
      db,
      driver: 'pglite',
      connection: { driver: 'pglite', client },
      migrate: async () => {
        await migratePglite(drizzlePglite(client, { schema }), {
          migrationsFolder: MIGRATIONS_DIR,
        });
      },
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
};
