import { numberedNameParts } from '@bubuh/contracts';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { perHandle } from '../../db/coalesce.ts';
import { firstOf, insertOne, updateById } from '../../db/query.ts';
import { documents, lockerItems, lockerUsage } from '../../db/schema.ts';
import {
  filingStateOf,
  inSpace,
  planAndUse as readPlanAndUse,
  rootFolderOf,
  type TFilingStateArgs,
  type TLockerScope,
  type TSpaceRef,
} from './locker-queries.repository.ts';
import { insertReservingOf, spaceLock } from './locker-reserving.repository.ts';

type TDbOrTx = TDb | TTx;

export type TLockerRow = typeof lockerItems.$inferSelect;
export type TLockerInsert = typeof lockerItems.$inferInsert;
export type TLockerRowWithCount = TLockerRow & { itemCount: number };

export type { TLockerScope, TSpaceRef };

const t = lockerItems;

/** Items the caller may see: their own, and the shared space of their company. */
const visible = (s: TLockerScope): SQL | undefined =>
  s.companyId === null
    ? eq(t.ownerUserId, s.userId)
    : or(eq(t.ownerUserId, s.userId), and(isNull(t.ownerUserId), eq(t.companyId, s.companyId)));

/** The ids of an item and everything below it. */
const subtree = (rootId: number): SQL =>
  sql`${t.id} in (with recursive sub(id) as (select id from locker_items where id = ${rootId} union all select c.id from locker_items c join sub on c.parent_id = sub.id) select id from sub)`;

const itemCount = sql<number>`(select count(*)::int from locker_items as c where c.parent_id = locker_items.id and c.trashed_at is null)`;

const ORDER = {
  name: t.name,
  date: t.updatedAt,
  size: t.sizeBytes,
  type: t.mimeType,
} as const;

export type TOrder = { sort: keyof typeof ORDER; order: 'asc' | 'desc' };

const orderOf = ({ sort, order }: TOrder) => {
  const direction = order === 'desc' ? desc : asc;
  // Folders first, as file managers list them.
  return [desc(t.kind), direction(ORDER[sort]), asc(t.id)];
};

const listWhere = (
  db: TDbOrTx,
  where: SQL | undefined,
  order: TOrder,
): Promise<TLockerRowWithCount[]> =>
  db
    .select({ ...getTableColumns(t), itemCount })
    .from(t)
    .where(and(where, isNull(t.trashedAt)))
    .orderBy(...orderOf(order));

/** `insertReserving` and `filingState` share statements per database handle (`db/coalesce.ts`). */
const insertReservingCoalesced = perHandle(insertReservingOf);
const filingStateCoalesced = perHandle(filingStateOf);

/** One visible item (trashed ones only when asked); inside a transaction, read with it. */
export const find = (
  db: TDbOrTx,
  scope: TLockerScope,
  id: number,
  trashed: 'live' | 'any' = 'live',
) =>
  firstOf(
    db
      .select()
      .from(t)
      .where(
        and(eq(t.id, id), visible(scope), trashed === 'live' ? isNull(t.trashedAt) : undefined),
      ),
  );

/** Every live item of one kind in a space (the folder picker). */
export const list = (db: TDbOrTx, ref: TSpaceRef, kind: 'folder' | 'file', order: TOrder) =>
  listWhere(db, and(inSpace(ref), eq(t.kind, kind)), order);

export const children = (db: TDbOrTx, ref: TSpaceRef, parentId: number | null, order: TOrder) =>
  listWhere(
    db,
    and(inSpace(ref), parentId === null ? isNull(t.parentId) : eq(t.parentId, parentId)),
    order,
  );

/** Names in `ref`'s space matching `search`, optionally only under the given folders. */
export const search = (
  db: TDbOrTx,
  ref: TSpaceRef,
  search: string,
  parents: number[] | null,
  order: TOrder,
) =>
  listWhere(
    db,
    and(
      inSpace(ref),
      ilike(t.name, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
      parents === null ? undefined : parents.length > 0 ? inArray(t.parentId, parents) : sql`false`,
    ),
    order,
  );

/** Every live folder of a space (paths, breadcrumbs, the picker). */
export const folders = (db: TDbOrTx, ref: TSpaceRef) =>
  db
    .select({ id: t.id, name: t.name, parentId: t.parentId })
    .from(t)
    .where(and(inSpace(ref), eq(t.kind, 'folder'), isNull(t.trashedAt)))
    .orderBy(asc(t.name));

/**
 * The live names in one folder of a space that `uniqueName` could collide with: `name`
 * itself and its numbered copies ("name (2).pdf"), lower-cased; not the whole folder (a
 * batch's folder of a thousand files is read once per file).
 */
export const namesIn = async (
  db: TDbOrTx,
  ref: TSpaceRef,
  parentId: number | null,
  item: { name: string; kind: 'folder' | 'file' },
  exceptId?: number,
) => {
  const { stem, ext } = numberedNameParts(item.name, item.kind);
  const literal = (text: string) => text.replace(/[%_\\]/g, '\\$&');
  const rows = await db
    .select({ name: t.name })
    .from(t)
    .where(
      and(
        inSpace(ref),
        parentId === null ? isNull(t.parentId) : eq(t.parentId, parentId),
        isNull(t.trashedAt),
        exceptId === undefined ? undefined : sql`${t.id} <> ${exceptId}`,
        // Lower-cased by the database on both sides, as the unique index compares them.
        or(
          sql`lower(${t.name}) = lower(${item.name})`,
          sql`lower(${t.name}) like lower(${`${literal(stem)} (%)${literal(ext)}`})`,
        ),
      ),
    );
  return new Set(rows.map((r) => r.name.toLowerCase()));
};

/** Runs `work` with the space's names locked (no two writers pick the same name). */
export const inSpaceLock = <T>(db: TDb, ref: TSpaceRef, work: (tx: TTx) => Promise<T>) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select ${spaceLock(ref)}`);
    return work(tx);
  });

export const insert = (db: TDbOrTx, values: TLockerInsert) => insertOne(db, t, values);

/**
 * Inserts an item of `ref`'s space in one statement when no live item of its folder has its
 * name (the unique index decides; a taken name inserts nothing: undefined). The statement
 * holds the space's lock while it inserts (taken in the name's expression, before the row
 * is checked), so the writers that name apart under that lock never meet it halfway.
 */
export const insertIfNameFree = async (db: TDbOrTx, ref: TSpaceRef, values: TLockerInsert) => {
  const name = sql`(select ${values.name}::varchar from (select ${spaceLock(ref)}) as space_lock)`;
  const [row] = await db
    .insert(t)
    .values({ ...values, name })
    .onConflictDoNothing()
    .returning();
  return row;
};

/**
 * `insertIfNameFree` of a file that first adds its bytes to the storage account (as
 * `reserve`), in one statement: `full` when the account cannot take them (nothing written),
 * `taken` when the name is (the bytes stay reserved for the caller's next try), else the row
 * and the account's bytes after it. Files stored at the same moment share the statement
 * (`locker-reserving.repository.ts`).
 */
export const insertReserving = (
  db: TDb,
  ...args: Parameters<ReturnType<typeof insertReservingOf>>
) => insertReservingCoalesced(db)(...args);

export const update = (db: TDbOrTx, id: number, values: Partial<TLockerInsert>) =>
  updateById(db, t, id, values);

/** The ids of a folder and everything below it, live or trashed. */
export const subtreeRows = (db: TDbOrTx, rootId: number) =>
  db.select().from(t).where(subtree(rootId));

export const trash = (db: TDb, id: number, at: Date) =>
  db.transaction(async (tx) => {
    await tx
      .update(t)
      .set({ trashedAt: at })
      .where(and(subtree(id), isNull(t.trashedAt)));
    await tx.update(t).set({ trashedRoot: true }).where(eq(t.id, id));
  });

/**
 * The item back with `values` (its name apart), then what was trashed with it: in this order,
 * since the live names' unique index would refuse its old name while it is taken.
 */
export const restore = async (tx: TTx, id: number, at: Date, values: Partial<TLockerInsert>) => {
  const rows = await tx
    .update(t)
    .set({ ...values, trashedRoot: false, trashedAt: null, updatedAt: new Date() })
    .where(and(eq(t.id, id), eq(t.trashedAt, at)))
    .returning();
  if (rows.length > 0) {
    await tx
      .update(t)
      .set({ trashedAt: null })
      .where(and(subtree(id), eq(t.trashedAt, at)));
  }
  return rows;
};

/** Deleted items the caller sees in their trash. */
export const trashed = (db: TDbOrTx, scope: TLockerScope) =>
  db
    .select({ ...getTableColumns(t), itemCount })
    .from(t)
    .where(and(visible(scope), isNotNull(t.trashedAt), eq(t.trashedRoot, true)))
    .orderBy(desc(t.trashedAt));

/** Trash roots deleted before `cutoff` (any owner), for the purge. */
export const expiredTrash = (db: TDbOrTx, cutoff: Date) =>
  db
    .select()
    .from(t)
    .where(and(eq(t.trashedRoot, true), lt(t.trashedAt, cutoff)))
    .limit(500);

/** Deletes a row (its subtree by cascade); false when another purge was first. */
export const deleteRow = async (db: TDbOrTx, id: number) =>
  (await db.delete(t).where(eq(t.id, id)).returning({ id: t.id })).length > 0;

/** A live folder of a space's root with this name (the automatic filing's folder). */
export const rootFolderNamed = (db: TDbOrTx, ref: TSpaceRef, name: string) =>
  firstOf(db.select().from(t).where(rootFolderOf(ref, name)).limit(1));

/**
 * The first live root folder named apart from `name` as `uniqueName` names it ("name (1)"),
 * when a file holds the name; a folder of the user's own such as "name (draft)" is not one.
 */
export const rootFolderNamedApart = async (db: TDbOrTx, ref: TSpaceRef, name: string) => {
  const numbered = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d+\\)$`, 'i');
  const rows = await db
    .select()
    .from(t)
    .where(
      and(
        inSpace(ref),
        isNull(t.parentId),
        eq(t.kind, 'folder'),
        sql`lower(${t.name}) like lower(${`${name.replace(/[%_\\]/g, '\\$&')} (%)`})`,
        isNull(t.trashedAt),
      ),
    )
    .orderBy(asc(t.id));
  return rows.find((row) => numbered.test(row.name));
};

/** The current file of a document the actor's company (or the actor) holds. */
export const documentFile = (db: TDbOrTx, documentId: number, scope: TLockerScope) =>
  firstOf(
    db
      .select({
        id: documents.id,
        fileName: documents.fileName,
        currentKey: documents.currentKey,
      })
      .from(documents)
      .where(
        and(
          eq(documents.id, documentId),
          scope.companyId === null
            ? isNull(documents.companyId)
            : eq(documents.companyId, scope.companyId),
        ),
      ),
  );

// ---- storage accounting ------------------------------------------------------------------

export const used = async (db: TDbOrTx, account: string) => {
  const [row] = await db
    .select({ used: lockerUsage.usedBytes })
    .from(lockerUsage)
    .where(eq(lockerUsage.account, account));
  return row?.used ?? 0;
};

export const release = (db: TDbOrTx, account: string, bytes: number) =>
  db
    .update(lockerUsage)
    .set({
      usedBytes: sql`greatest(0, ${lockerUsage.usedBytes} - ${bytes})`,
      updatedAt: new Date(),
    })
    .where(eq(lockerUsage.account, account));

/** The caller's plan as the locker reads it and the bytes its storage account uses. */
export const planAndUse = (db: TDb, scope: TLockerScope, account: string) =>
  readPlanAndUse(db, scope, account);

export const filingState = (db: TDb, ...args: TFilingStateArgs) =>
  filingStateCoalesced(db)(...args);
