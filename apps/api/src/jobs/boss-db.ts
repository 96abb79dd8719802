import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TDbConnection } from '../db/client.ts';
import { queryPlannedPerCall, refuseInsideTransaction } from '../db/pglite-statements.ts';

type TRows = { rows: unknown[] };

/**
 * What pg-boss runs its SQL through (its `db: { executeSql }` option), plus what the jobs plugin
 * needs to shut down cleanly: `drain` waits for every statement still running (pg-boss does not
 * await its own complete/fail writes), `close` ends a connection opened here.
 */
export type TBossDb = {
  executeSql: (text: string, values?: unknown[]) => Promise<TRows>;
  drain: () => Promise<void>;
  close: () => Promise<void>;
};

const tracked = (
  run: (text: string, values?: unknown[]) => Promise<TRows>,
  end: () => Promise<void>,
): TBossDb => {
  const running = new Set<Promise<TRows>>();
  let closed = false;
  return {
    executeSql: (text, values) => {
      // Like pg-boss's own connection: after close a statement does nothing. pg-boss does not
      // await a worker's complete/fail write; one that comes after stop would otherwise reject
      // with nobody listening. Its job stays active and is retried after it expires.
      if (closed) return Promise.resolve({ rows: [] });
      const query = run(text, values);
      running.add(query);
      const forget = () => running.delete(query);
      query.then(forget, forget);
      return query;
    },
    drain: async () => {
      while (running.size > 0) {
        await Promise.allSettled([...running]);
        // Let the code that awaited them send its next statement before looking again.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    close: async () => {
      closed = true;
      await end();
    },
  };
};

/**
 * PGlite is one session shared with Drizzle. Its `query`, `exec` and `transaction` all take the
 * same lock (a Drizzle transaction holds it from BEGIN to COMMIT), so a pg-boss statement never
 * runs inside another caller's transaction. Statements with parameters go through
 * `queryPlannedPerCall` (PGlite's `query` in one message, planned for their values as on
 * PostgreSQL below); pg-boss's parameterless scripts (several statements, some with their own
 * BEGIN … COMMIT) go through `exec` inside `transaction`, so a script that fails half-way is
 * rolled back under the lock instead of leaving the shared session in an aborted transaction.
 */
const pgliteBossDb = (client: PGlite): TBossDb => {
  const query = queryPlannedPerCall(client);
  return tracked(
    async (text, values) => {
      if (values && values.length > 0) {
        const result = await query(text, values);
        return { rows: result.rows };
      }
      // A job sent from inside a transaction of the app would wait for it (see the refusal).
      refuseInsideTransaction(text);
      const results = await client.transaction((tx) => tx.exec(text));
      const withRows = results.filter((r) => r.fields.length > 0);
      return { rows: withRows.at(-1)?.rows ?? [] };
    },
    async () => {
      // The session belongs to the app's database: closed by its owner.
    },
  );
};

/** pg-boss's statements named so far, by text (see `postgresBossDb`). */
const bossStatementNames = new Map<string, string>();
/** pg-boss has a few dozen statements; a bound in case one ever embeds a changing value. */
const BOSS_STATEMENTS_MAX = 200;

const bossStatementName = (text: string) => {
  let name = bossStatementNames.get(text);
  if (!name && bossStatementNames.size < BOSS_STATEMENTS_MAX) {
    name = `boss${bossStatementNames.size}`;
    bossStatementNames.set(text, name);
  }
  return name;
};

/**
 * On PostgreSQL pg-boss gets its own small pool, apart from Drizzle's. Its statements with
 * parameters (send, fetch, complete: three per job) are named by their text, so each connection
 * parses them once (parsing was a large part of their time). They are still
 * planned for their values each time (force_custom_plan): the generic plan PostgreSQL would
 * otherwise switch to after five runs scans the whole partition of the queue to fetch one job.
 */
const postgresBossDb = (url: string, onError: (error: Error) => void): TBossDb => {
  const pool = new pg.Pool({
    connectionString: url,
    max: 4,
    application_name: 'bubuh-jobs',
    options: '-c plan_cache_mode=force_custom_plan',
  });
  pool.on('error', onError);
  return tracked(
    async (text, values) => {
      const name = values && values.length > 0 ? bossStatementName(text) : undefined;
      const result = await pool.query(name ? { name, text, values } : { text, values });
      return { rows: result.rows };
    },
    () => pool.end(),
  );
};

export const bossDbFor = (connection: TDbConnection, onError: (error: Error) => void): TBossDb =>
  connection.driver === 'pglite'
    ? pgliteBossDb(connection.client)
    : postgresBossDb(connection.url, onError);
