import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import type { BackendMessage, DatabaseError } from 'pg-protocol/dist/messages';
import { Parser } from 'pg-protocol/dist/parser';
import { mayBeNamed, NAMED_STATEMENTS_MAX } from './statement-names.ts';

/**
 * PGlite's `query()` sends Parse, Describe, Bind, Describe, Execute and Sync as six calls into
 * its WebAssembly backend and so parses and plans every statement on each call, which costs
 * several times a statement parsed once (bench:api measures it). Here each
 * statement text is parsed once as a named prepared statement (as `nameStatements` does on
 * PostgreSQL), its parameter types kept, and every call sends Bind, Describe, Execute and Sync
 * in one message. Statements with a LIKE pattern stay unnamed (planned per call, with the
 * values), as on PostgreSQL, but still go in one message. The answer is read by
 * node-postgres's protocol parser (see `send`); the rest is PGlite's own: the same locks (a
 * statement never runs inside another caller's transaction), serializers and result parsing,
 * and its errors are the server's error messages with their SQLSTATE `code`.
 */

type TStatement = { name: string; types: number[] };

/**
 * The transaction the current async work runs in, while it is open. PGlite is one session: a
 * statement sent outside a transaction waits for the transaction's lock, so one awaited from
 * inside that transaction's own work (the base `db` where `tx` was meant, a job sent inside it)
 * waits for itself, and every later caller (the health check too) waits behind it for ever.
 */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

/** Thrown instead of the statement that would wait for its own transaction (see above). */
export class WaitsOnOwnTransactionError extends Error {
  constructor(text: string) {
    super(
      `A statement outside the open transaction was sent from inside it; on PGlite it would wait for that transaction for ever (pass the transaction, or move the call out of it): ${text.slice(0, 120)}`,
    );
    this.name = 'WaitsOnOwnTransactionError';
  }
}

/** Refuses (throws) when the caller runs inside an open transaction of this session. */
export const refuseInsideTransaction = (text: string) => {
  if (openTransaction.getStore()?.open) throw new WaitsOnOwnTransactionError(text);
};
type TMessages = Parameters<typeof parse.parseResults>[0];
type TQuery = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

/** A bound on the texts whose parameter types are remembered (named or not). */
const KNOWN_TEXTS_MAX = 4_000;

const joined = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

const { serialize } = protocol;

const statementsOf = (client: PGlite) => {
  /** Per text: the statement kept by name, or (unnamed) its parameter types. */
  const known = new Map<string, TStatement>();
  /** The same for the statements planned on every call (see `plannedPerCall`). */
  const perCall = new Map<string, TStatement>();
  let named = 0;

  /**
   * Runs `message` and reads PGlite's answer with node-postgres's protocol parser: PGlite's own
   * (a fork of it reading each field through a copied ArrayBuffer and a TextDecoder) is about
   * ten times slower on a list page. Its messages are the
   * ones PGlite's result parsing reads (the same names and fields). The first error of the
   * batch is thrown once the batch is done (its Sync ends any failed statement). Notices are
   * dropped and no caller here LISTENs (PGlite's raw calls do not dispatch them either).
   */
  const send = async (message: Uint8Array): Promise<TMessages> => {
    const messages: BackendMessage[] = [];
    const parser = new Parser();
    await client.execProtocolRawStream(message, {
      syncToFs: false,
      // A view of PGlite's memory, reused by the next call: the parser may keep a partial message.
      onRawData: (bytes) => parser.parse(Buffer.from(bytes), (m) => messages.push(m)),
    });
    const error = messages.find((m): m is DatabaseError => m.name === 'error');
    if (error) throw error;
    // The upstream of PGlite's fork: the same message classes, typed by another package.
    return messages as unknown as TMessages;
  };

  /** Parses `text` (named when it may be kept) and learns its parameter types. */
  const prepare = async (
    text: string,
    options: QueryOptions | undefined,
    cache: Map<string, TStatement>,
  ) => {
    const keep = cache === known && mayBeNamed(text) && named < NAMED_STATEMENTS_MAX;
    // A name is used once, even when this Parse fails: it is never sent for another text.
    const name = keep ? `l${named++}` : '';
    const messages = await send(
      joined([
        serialize.parse({ name, text, types: options?.paramTypes }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
    );
    const statement = { name, types: parse.parseDescribeStatementResults(messages) };
    if (keep || cache.size < KNOWN_TEXTS_MAX) cache.set(text, statement);
    return statement;
  };

  const valuesOf = (params: unknown[], types: number[], options: QueryOptions | undefined) =>
    params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = types[i] ?? 0;
      const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
      return serializer ? serializer(param) : String(param);
    });

  /** One statement, under the query lock the caller already holds (and the transaction's). */
  const run = async <T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    cache = known,
  ): Promise<Results<T>> => {
    try {
      const statement = cache.get(text) ?? (await prepare(text, options, cache));
      const { name, types } = statement;
      const messages = await send(
        joined([
          ...(name ? [] : [serialize.parse({ text, types })]),
          serialize.bind({ statement: name, values: valuesOf(params, types, options) }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
      // PGlite's parseResults would copy all its parsers into a new object with the caller's
      // on every call (time and garbage); the caller's few over PGlite's by prototype.
      const parsers = options?.parsers
        ? Object.assign(Object.create(client.parsers) as typeof client.parsers, options.parsers)
        : client.parsers;
      return parse.parseResults(messages, parsers, {
        ...options,
        parsers: undefined,
      })[0] as Results<T>;
    } catch (error) {
      // As PGlite's own query(): the error carries the statement that failed.
      if (error instanceof Error && 'code' in error)
        Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    }
  };

  /** `client.query`, outside any transaction: takes both of PGlite's locks, then syncs. */
  const outside =
    (cache: Map<string, TStatement>): TQuery =>
    async (text, params = [], options) => {
      refuseInsideTransaction(text);
      if (options?.blob) return client.query(text, params, options);
      await client._checkReady();
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          const result = await run<never>(text, params, options, cache);
          await client.syncToFs();
          return result;
        }),
      );
    };

  /** A transaction's `query`: its lock is held from BEGIN to COMMIT; only the query lock here. */
  const inTransaction =
    (tx: Transaction): TQuery =>
    (text, params = [], options) => {
      if (options?.blob || tx.closed) return tx.query(text, params, options);
      return client._runExclusiveQuery(() => run(text, params, options));
    };

  return { query: outside(known), plannedPerCall: outside(perCall), inTransaction };
};

const sessions = new WeakMap<PGlite, ReturnType<typeof statementsOf>>();

/** The statements of one PGlite session (shared by every caller: the names are the session's). */
const sessionStatements = (client: PGlite) => {
  let statements = sessions.get(client);
  if (!statements) {
    statements = statementsOf(client);
    sessions.set(client, statements);
  }
  return statements;
};

/**
 * `client.query` in one message, never named: for statements whose best plan depends on their
 * values each time (pg-boss fetching a job, which PostgreSQL would otherwise switch to a generic
 * plan that scans the queue).
 */
export const queryPlannedPerCall = (client: PGlite): TQuery =>
  sessionStatements(client).plannedPerCall;

/**
 * The PGlite session as Drizzle should see it: `query` and the `query` of each transaction go
 * through named statements; every other member is the session's own.
 */
export const withNamedStatements = (client: PGlite): PGlite => {
  const { query, inTransaction } = sessionStatements(client);
  const transaction = <T>(callback: (tx: Transaction) => Promise<T>) => {
    refuseInsideTransaction('BEGIN');
    return client.transaction(async (tx) => {
      const state = { open: true };
      try {
        return await openTransaction.run(state, () =>
          callback(
            new Proxy(tx, {
              get: (target, key) =>
                key === 'query' ? inTransaction(target) : Reflect.get(target, key),
            }),
          ),
        );
      } finally {
        // Work the transaction started and did not await may go on after it: not inside it.
        state.open = false;
      }
    });
  };
  return new Proxy(client, {
    get: (target, key) => {
      if (key === 'query') return query;
      if (key === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
};
