import { type AnyColumn, is, Placeholder, type SQL, sql } from 'drizzle-orm';
import type { TDb } from './client.ts';

/**
 * A query whose values are all placeholders (`P.…`): built and rendered to SQL once per shape,
 * then executed with each call's values.
 */
type TShapeQuery<R> = {
  toSQL: () => { params: unknown[] };
  prepare: (name: string) => { execute: (values?: Record<string, unknown>) => Promise<R> };
};

type TShapeStatement = { execute: (values?: Record<string, unknown>) => Promise<unknown> };

/** Per database: the prepared statement of each shape key. */
const statements = new WeakMap<TDb, Map<string, TShapeStatement>>();
/**
 * A bound on the shapes kept (each is kept prepared on every connection): past it, a new shape
 * runs as an unnamed statement built for the call, so no caller can make the server keep more.
 */
const KEPT_SHAPES_MAX = 500;

/**
 * The busiest reads (document lists, their counts and totals) run as prepared statements, one per
 * query shape: which filters are set, the sort and the caller's kind of visibility, never their
 * values. Drizzle renders a shape's SQL once per process and PostgreSQL parses it once per
 * connection; each call only binds `values`.
 *
 * `planPerCall`: where the best plan depends on the values (a search: how common the word is),
 * the statement is rendered once but planned on every call.
 *
 * `key` must name everything `build` branches on. A value written into the query instead of a
 * placeholder would be reused for every caller of the shape, so `build` is refused if its SQL
 * binds any value at all.
 */
export const runShaped = async <R>(
  db: TDb,
  key: string,
  build: () => TShapeQuery<R>,
  values: Record<string, unknown>,
  options: { planPerCall?: boolean } = {},
): Promise<R> => {
  let shapes = statements.get(db);
  if (!shapes) {
    shapes = new Map();
    statements.set(db, shapes);
  }
  let statement = shapes.get(key);
  if (!statement) {
    const query = build();
    if (query.toSQL().params.some((param) => !is(param, Placeholder)))
      throw new Error(`The shaped query "${key}" binds a value instead of a placeholder`);
    if (shapes.size >= KEPT_SHAPES_MAX) return (await query.prepare('').execute(values)) as R;
    // An unnamed statement is planned by PostgreSQL on every call, with its values.
    statement = query.prepare(options.planPerCall ? '' : `shape_${shapes.size}`);
    shapes.set(key, statement);
  }
  return (await statement.execute(values)) as R;
};

/** How many shapes `db` keeps prepared (at most `KEPT_SHAPES_MAX`). */
export const keptShapeCount = (db: TDb): number => statements.get(db)?.size ?? 0;

/** The placeholders of the document reads; `documentValues` gives each its value. */
export const P = {
  user: sql.placeholder('user'),
  company: sql.placeholder('company'),
  id: sql.placeholder('id'),
  like: sql.placeholder('like'),
  serial: sql.placeholder('serial'),
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
  start: sql.placeholder('start'),
  end: sql.placeholder('end'),
  cap: sql.placeholder('cap'),
  ids: sql.placeholder('ids'),
};

/** Page bounds up to this row are written into the statement (see `boundsOf`). */
const WRITTEN_BOUNDS_MAX = 200;

/**
 * A page's row bounds for a shaped query, and the part of its shape key they make. PostgreSQL
 * plans `limit $1` for a tenth of the table: such a generic plan is far slower on a large list,
 * so it plans every call anew. The first pages' bounds are
 * written into the statement instead (a few dozen shapes per list), and their generic plan is
 * the good one; deeper pages bind theirs.
 */
export const boundsOf = (
  start: number,
  end: number,
): { key: string; start: SQL | Placeholder; end: SQL | Placeholder } =>
  Number.isSafeInteger(start) &&
  Number.isSafeInteger(end) &&
  start >= 0 &&
  start <= end &&
  end <= WRITTEN_BOUNDS_MAX
    ? { key: `${start}-${end}`, start: sql.raw(String(start)), end: sql.raw(String(end)) }
    : { key: 'p', start: P.start, end: P.end };

/**
 * `column in (…)` with `names` written into the statement, for a shaped query whose key holds
 * them: names the code itself defines (document states), never a caller's text.
 */
export const namesIn = (column: AnyColumn, names: readonly string[]): SQL => {
  if (!names.every((name) => /^[a-z_]+$/.test(name))) throw new Error('Unexpected name');
  return sql`${column} in (${sql.raw(names.map((name) => `'${name}'`).join(', '))})`;
};
