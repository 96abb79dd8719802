import type { TBatchItemStatus, TBatchQuery, TBatchSortKey } from '@bubuh/contracts';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { TDb, TTx } from '../../db/client.ts';
import { containsText, firstOf, insertOne, sortedPageOf } from '../../db/query.ts';
import { batches, batchItems, documents, users } from '../../db/schema.ts';
import type { TVisibility } from '../../lib/access.ts';
import { isAssertFailure } from '../../lib/db-errors.ts';
import { lowerOf, type TSortColumns } from '../../lib/sort.ts';
import { auditInsertWhen, type TAuditRecord } from '../audit/index.ts';
import { insertDocumentStatement, type TDocumentInsert } from '../documents/index.ts';

type TDbOrTx = TDb | TTx;
export type TBatchRow = typeof batches.$inferSelect;
export type TBatchItemRow = typeof batchItems.$inferSelect;

/** The batch counter of each item status. */
const COUNTER = {
  ready: batches.countReady,
  rejected: batches.countRejected,
  queued: batches.countQueued,
  stamping: batches.countStamping,
  stamped: batches.countStamped,
  failed: batches.countFailed,
  cancelled: batches.countCancelled,
} as const;
const COUNTER_KEY = {
  ready: 'countReady',
  rejected: 'countRejected',
  queued: 'countQueued',
  stamping: 'countStamping',
  stamped: 'countStamped',
  failed: 'countFailed',
  cancelled: 'countCancelled',
} as const;

const totalOf = sql`(${batches.countReady} + ${batches.countRejected} + ${batches.countQueued} + ${batches.countStamping} + ${batches.countStamped} + ${batches.countFailed} + ${batches.countCancelled})`;

const SORT_COLUMNS: TSortColumns<TBatchSortKey> = {
  name: lowerOf(batches.name),
  date: batches.createdAt,
  status: batches.status,
  total: totalOf,
};
const DEFAULT_ORDER = [desc(batches.createdAt), desc(batches.id)];

/** Own batches; company admins also every batch of their company (as documents). */
const visibleTo = (v: TVisibility): SQL =>
  (v.companyId !== null
    ? or(eq(batches.ownerUserId, v.userId), eq(batches.companyId, v.companyId))
    : eq(batches.ownerUserId, v.userId)) as SQL;

/** The SET of a batch's counters when `n` items move from one status to another. */
const counterMove = (from: TBatchItemStatus | null, to: TBatchItemStatus, n: number | SQL) => {
  const set: Record<string, SQL | Date> = {
    [COUNTER_KEY[to]]: sql`${COUNTER[to]} + ${n}`,
    updatedAt: new Date(),
  };
  if (from) set[COUNTER_KEY[from]] = sql`${COUNTER[from]} - ${n}`;
  return set;
};

/** Moves `n` items of a batch from one status counter to another (same transaction as the items). */
const bump = async (
  tx: TDbOrTx,
  batchId: number,
  from: TBatchItemStatus | null,
  to: TBatchItemStatus,
  n = 1,
) => {
  if (n === 0) return;
  await tx
    .update(batches)
    .set(counterMove(from, to, n))
    .where(eq(batches.id, batchId));
};

export const insertBatch = (db: TDbOrTx, values: typeof batches.$inferInsert) =>
  insertOne(db, batches, values);

export const findVisible = (db: TDbOrTx, visibility: TVisibility, id: number) =>
  firstOf(
    db
      .select({ batch: batches, owner: users.fullName })
      .from(batches)
      .innerJoin(users, eq(users.id, batches.ownerUserId))
      .where(and(eq(batches.id, id), visibleTo(visibility))),
  );

export const findBatch = (db: TDbOrTx, id: number) =>
  firstOf(db.select().from(batches).where(eq(batches.id, id)));

export const pageOf = async (db: TDbOrTx, visibility: TVisibility, query: TBatchQuery) => {
  const where = and(visibleTo(visibility), containsText(batches.name, query.search));
  return sortedPageOf(
    db,
    batches,
    db
      .select({ batch: batches, owner: users.fullName })
      .from(batches)
      .innerJoin(users, eq(users.id, batches.ownerUserId))
      .$dynamic(),
    { where, query, columns: SORT_COLUMNS, fallback: DEFAULT_ORDER },
  );
};

/** An item's document row and the first event of its trail. */
export type TItemDocument = { values: TDocumentInsert; record: TAuditRecord };

/** How many files a batch holds at most, and their total size. */
export type TItemLimits = { maxFiles: number; maxBytes: number };

/**
 * Adds an item of `sizeBytes` when the batch is in one of `statuses`, holds fewer than
 * `maxFiles` items and its files plus this one stay within `maxBytes`, in one statement: the
 * item is inserted and the batch's counter and bytes moved together, the batch row locked by
 * that UPDATE (PostgreSQL re-checks the limits on its newest version after waiting), and
 * `bubuh_assert` rolls the insert back when the batch refused it. With `document`, the item's
 * document row is inserted by the same statement (and rolled back with it). Undefined when
 * refused (nothing written).
 */
export const insertItem = async (
  db: TDbOrTx,
  batchId: number,
  statuses: TBatchRow['status'][],
  limits: TItemLimits,
  values: Omit<typeof batchItems.$inferInsert, 'batchId'> & { status: TBatchItemStatus },
  sizeBytes: number,
  document?: TItemDocument,
) => {
  const insertedDocument = document
    ? db
        .$with('inserted_document')
        .as(insertDocumentStatement(db, document.values).returning({ id: documents.id }))
    : undefined;
  // The document's first event of its trail, with it (`uploaded`).
  const firstEvent =
    document && insertedDocument
      ? db
          .$with('first_event')
          .as(
            auditInsertWhen(
              db,
              sql`(select "id" from ${insertedDocument})`,
              document.values.companyId ?? null,
              document.record,
              sql`select 1 from ${insertedDocument}`,
            ),
          )
      : undefined;
  const inserted = db.$with('inserted_item').as(
    db
      .insert(batchItems)
      .values({
        ...values,
        batchId,
        ...(insertedDocument ? { documentId: sql`(select "id" from ${insertedDocument})` } : {}),
      })
      .returning(),
  );
  const counted = db.$with('counted_batch').as(
    db
      .update(batches)
      .set({
        ...counterMove(null, values.status, 1),
        bytesTotal: sql`${batches.bytesTotal} + ${sizeBytes}`,
      })
      .where(
        and(
          eq(batches.id, batchId),
          inArray(batches.status, statuses),
          sql`${totalOf} < ${limits.maxFiles}`,
          sql`${batches.bytesTotal} + ${sizeBytes} <= ${limits.maxBytes}`,
        ),
      )
      .returning({ id: batches.id }),
  );
  try {
    const [row] = await db
      .with(
        ...(insertedDocument && firstEvent ? [insertedDocument, firstEvent] : []),
        inserted,
        counted,
      )
      .select()
      .from(inserted)
      .where(sql`bubuh_assert(exists (select 1 from ${counted}), 'the batch refused the file')`);
    return row;
  } catch (error) {
    if (isAssertFailure(error)) return undefined;
    throw error;
  }
};

/** A batch's items moved from one status to another, for each pair (with their counters). */
type TItemMoves = [TBatchItemStatus, TBatchItemStatus, Partial<typeof batchItems.$inferInsert>?][];

/** Moves all the batch's items of each pair of `moves` (inside the batch's row lock). */
const moveAll = async (tx: TDbOrTx, batchId: number, moves: TItemMoves) => {
  for (const [fromStatus, toStatus, extra] of moves) {
    const moved = await tx
      .update(batchItems)
      .set({ ...extra, status: toStatus, updatedAt: new Date() })
      .where(and(eq(batchItems.batchId, batchId), eq(batchItems.status, fromStatus)))
      .returning({ id: batchItems.id });
    await bump(tx, batchId, fromStatus, toStatus, moved.length);
  }
};

/**
 * The upload that also starts (`batch-document-upload-one-process`): in one transaction under the
 * batch's row lock, `guard` sees the locked row (its counters: what the calls before this one
 * kept) and may refuse by throwing (the payer's balance), the batch's limits are checked, the
 * item is inserted `queued` with its document (`insertItem`), and a draft starts (its `ready`
 * files queued with it, as `transitionBatch` does; a started batch's stray `ready` files too).
 * Parallel calls pass one at a time, so each is checked for its own unit: a call refused later
 * never counted against another. The item and whether the batch started, or why the batch
 * refused the file (its status, files or bytes; nothing written then).
 */
export const insertQueuedItem = (
  db: TDb,
  batchId: number,
  statuses: TBatchRow['status'][],
  limits: TItemLimits,
  values: Omit<typeof batchItems.$inferInsert, 'batchId' | 'status'>,
  sizeBytes: number,
  document: TItemDocument | undefined,
  guard: (tx: TTx, locked: TBatchRow) => Promise<void>,
) =>
  db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(batches)
      .where(and(eq(batches.id, batchId), inArray(batches.status, statuses)))
      .for('update');
    if (!locked) return { refused: 'status' as const };
    await guard(tx, locked);
    const total = Object.values(COUNTER_KEY).reduce((n, key) => n + locked[key], 0);
    if (total >= limits.maxFiles) return { refused: 'files' as const };
    if (locked.bytesTotal + sizeBytes > limits.maxBytes) return { refused: 'bytes' as const };
    const item = await insertItem(
      tx,
      batchId,
      statuses,
      limits,
      { ...values, status: 'queued' },
      sizeBytes,
      document,
    );
    // Checked above on the locked row: a refusal here is a bug, and rolls everything back.
    if (!item) throw new Error('the locked batch refused the file');
    await moveAll(tx, batchId, [['ready', 'queued', { jobId: null }]]);
    const started = locked.status === 'draft';
    if (started)
      await tx
        .update(batches)
        .set({ status: 'running', startedAt: new Date(), updatedAt: new Date() })
        .where(eq(batches.id, batchId));
    return { item, started };
  });

/**
 * A started batch's items still `ready` (stored by an upload that also starts before it queued
 * its file in the same transaction, `insertQueuedItem`) are queued, under the batch's lock;
 * undefined when the batch is not running or paused.
 */
export const queueReadyItems = (
  db: TDb,
  batchId: number,
  guard?: (tx: TTx, locked: TBatchRow) => Promise<void>,
) =>
  transitionBatch(
    db,
    batchId,
    ['running', 'paused'],
    {},
    [['ready', 'queued', { jobId: null }]],
    guard,
  );

/** Locks the batch an item belongs to (an item never changes batch) and returns its status. */
const lockBatchOfItem = async (tx: TDbOrTx, itemId: number) => {
  const [batch] = await tx
    .select({ status: batches.status })
    .from(batches)
    .where(
      eq(
        batches.id,
        tx.select({ id: batchItems.batchId }).from(batchItems).where(eq(batchItems.id, itemId)),
      ),
    )
    .for('update');
  return batch;
};

/** The item, locked for update (after its batch's row), when it is in one of `statuses`. */
const lockItemIn = async (tx: TDbOrTx, itemId: number, statuses: TBatchItemStatus[]) => {
  const [item] = await tx.select().from(batchItems).where(eq(batchItems.id, itemId)).for('update');
  return item && statuses.includes(item.status) ? item : undefined;
};

/**
 * `moveItem` from one known status (the runner's moves, twice per document) in one statement:
 * the batch row is locked first (as everywhere: batch, then item), the item moves only if it is
 * in `from` (read in the statement's snapshot, and re-checked on its newest version after a
 * lock wait, so an item another mover took meanwhile stays; one that entered `from` during the
 * wait is not moved: the runner's moves start from a status committed before), and the
 * counters move only for an item that moved.
 */
const moveItemFrom = async (
  db: TDbOrTx,
  itemId: number,
  from: TBatchItemStatus,
  to: TBatchItemStatus,
  values: Partial<typeof batchItems.$inferInsert>,
  onlyIfBatch?: TBatchRow['status'][],
) => {
  const { locked, moved, counted } = itemMoveParts(db, [itemId], from, to, values, onlyIfBatch);
  const [row] = await db.with(locked, moved, counted).select().from(moved);
  return row;
};

/**
 * The parts of a one-statement move of items of one batch (`moveItemFrom`, the runner's group
 * moves): the batch row locked (with its newest status), the items moved, the counters moved by
 * as many items as moved. `itemIds` holds one item or several of the same batch.
 */
export const itemMoveParts = (
  db: TDbOrTx,
  itemIds: number[],
  from: TBatchItemStatus,
  to: TBatchItemStatus,
  values: PgUpdateSetSource<typeof batchItems>,
  onlyIfBatch?: TBatchRow['status'][],
  /** A further condition on the items (e.g. the job that holds them). */
  andItem?: SQL,
) => {
  const ofItem = db
    .select({ id: batchItems.batchId })
    .from(batchItems)
    .where(eq(batchItems.id, itemIds[0] ?? 0));
  const locked = db.$with('locked_batch').as(
    db
      .select({ id: batches.id, status: batches.status })
      .from(batches)
      .where(
        and(eq(batches.id, ofItem), onlyIfBatch ? inArray(batches.status, onlyIfBatch) : undefined),
      )
      // The lock the counters' UPDATE takes: it does not block rows that only refer to the batch.
      .for('no key update'),
  );
  const moved = db.$with('moved_item').as(
    db
      .update(batchItems)
      .set({ status: to, ...values, updatedAt: new Date() })
      .where(
        and(
          itemIds.length === 1
            ? eq(batchItems.id, itemIds[0] ?? 0)
            : inArray(batchItems.id, itemIds),
          eq(batchItems.status, from),
          andItem,
          inArray(batchItems.batchId, db.select({ id: locked.id }).from(locked)),
        ),
      )
      .returning(),
  );
  // Not read by the query: PostgreSQL runs a data-modifying WITH to completion all the same.
  const counted = db.$with('counted_batch').as(
    db
      .update(batches)
      .set(counterMove(from, to, itemIds.length === 1 ? 1 : sql`(select count(*) from ${moved})`))
      .where(inArray(batches.id, db.select({ id: moved.batchId }).from(moved)))
      .returning({ id: batches.id }),
  );
  return { locked, moved, counted };
};

/**
 * Moves one item from one of `from` to `to` (with its batch's counters), when it is in one of
 * them; `onlyIfBatch` also requires the batch's status. The moved row, or undefined.
 */
export const moveItem = async (
  db: TDb,
  itemId: number,
  from: TBatchItemStatus[],
  to: TBatchItemStatus,
  values: Partial<typeof batchItems.$inferInsert> = {},
  onlyIfBatch?: TBatchRow['status'][],
) => {
  const [only] = from;
  if (from.length === 1 && only && only !== to)
    return moveItemFrom(db, itemId, only, to, values, onlyIfBatch);
  return db.transaction(async (tx) => {
    // Locks in one order everywhere, batch row first, then its item (as transitionBatch and
    // claimForJobs do): otherwise a cancel and a finishing item deadlock on PostgreSQL.
    const batch = await lockBatchOfItem(tx, itemId);
    if (!batch || (onlyIfBatch && !onlyIfBatch.includes(batch.status))) return undefined;
    const item = await lockItemIn(tx, itemId, from);
    if (!item) return undefined;
    const [row] = await tx
      .update(batchItems)
      .set({ ...values, status: to, updatedAt: new Date() })
      .where(eq(batchItems.id, itemId))
      .returning();
    if (item.status !== to) await bump(tx, item.batchId, item.status, to);
    return row;
  });
};

/**
 * Removes an item in one of `statuses` of a batch in one of `batchStatuses` (a draft's, unless
 * said otherwise); its counter goes down with it.
 */
export const deleteItem = async (
  db: TDb,
  itemId: number,
  statuses: TBatchItemStatus[],
  batchStatuses: TBatchRow['status'][] = ['draft'],
) =>
  db.transaction(async (tx) => {
    // The batch row is locked first: its status cannot change before the delete.
    const batch = await lockBatchOfItem(tx, itemId);
    if (!batch || !batchStatuses.includes(batch.status)) return undefined;
    const item = await lockItemIn(tx, itemId, statuses);
    if (!item) return undefined;
    const size = sql`coalesce((select ${documents.sizeBytes} from ${documents} where ${documents.id} = ${item.documentId}), 0)`;
    await tx.delete(batchItems).where(eq(batchItems.id, itemId));
    await tx
      .update(batches)
      .set({
        [COUNTER_KEY[item.status]]: sql`${COUNTER[item.status]} - 1`,
        // A ready item's document is not stamped yet: its size is the uploaded one.
        bytesTotal: sql`greatest(${batches.bytesTotal} - ${size}, 0)`,
      })
      .where(eq(batches.id, item.batchId));
    return item;
  });

/**
 * Changes a batch's status from one of `from`, and moves all its items of each `moves` pair, in
 * one transaction under the batch's row lock. The updated batch, or undefined when its status
 * was not one of `from`. `guard` sees the locked row first (its counters as they are) and may
 * refuse by throwing: nothing changes then.
 */
export const transitionBatch = async (
  db: TDb,
  batchId: number,
  from: TBatchRow['status'][],
  values: Partial<typeof batches.$inferInsert>,
  moves: TItemMoves = [],
  guard?: (tx: TTx, locked: TBatchRow) => Promise<void>,
) =>
  db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(batches)
      .where(and(eq(batches.id, batchId), inArray(batches.status, from)))
      .for('update');
    if (!locked) return undefined;
    await guard?.(tx, locked);
    await moveAll(tx, batchId, moves);
    const [row] = await tx
      .update(batches)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(batches.id, batchId))
      .returning();
    return row;
  });
