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
import { limitLockCall } from '../../db/count-limit.ts';
import { firstOf, insertOne, updateById } from '../../db/query.ts';
import { documents, lockerItems, lockerUsage } from '../../db/schema.ts';
import { nameParts } from './locker-mapper.ts';
import { lockerPlanQuery, planAndUseOf, planFields, usedBytesOf } from './locker-plan.query.ts';

export type TLockerRow = typeof lockerItems.$inferSelect;
export type TLockerInsert = typeof lockerItems.$inferInsert;
export type TLockerRowWithCount = TLockerRow & { itemCount: number };

/** Whose locker a request sees: the caller's own items and (company users) the shared space. */
export type TLockerScope = { userId: number; companyId: number | null };
export type TSpaceRef = { space: 'private' | 'shared'; userId: number; companyId: number | null };

const t = lockerItems;

/** Items the caller may see: their own, and the shared space of their company. */
const visible = (s: TLockerScope): SQL | undefined =>
  s.companyId === null
    ? eq(t.ownerUserId, s.userId)
    : or(eq(t.ownerUserId, s.userId), and(isNull(t.ownerUserId), eq(t.companyId, s.companyId)));

/** Items of one space. */
export const inSpace = (ref: TSpaceRef): SQL | undefined =>
  ref.space === 'private'
    ? eq(t.ownerUserId, ref.userId)
    : and(isNull(t.ownerUserId), eq(t.companyId, ref.companyId ?? -1));

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

/** Stable lock number of a storage account or space (advisory locks take an int). */
const lockNumber = (key: string): number => {
  let hash = 0;
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
};

/** The lock of a space's names (one writer names items apart at a time). */
const spaceLock = (ref: TSpaceRef) =>
  limitLockCall(
    'folders',
    lockNumber(ref.space === 'private' ? `u:${ref.userId}` : `c:${ref.companyId}`),
  );

/** A live root folder of a space named `name` (case-insensitively, as names are kept apart). */
const rootFolderOf = (ref: TSpaceRef, name: string) =>
  and(
    inSpace(ref),
    isNull(t.parentId),
    eq(t.kind, 'folder'),
    sql`lower(${t.name}) = lower(${name})`,
    isNull(t.trashedAt),
  );

export const createLockerRepository = (db: TDb) => {
  const listWhere = (where: SQL | undefined, order: TOrder): Promise<TLockerRowWithCount[]> =>
    db
      .select({ ...getTableColumns(t), itemCount })
      .from(t)
      .where(and(where, isNull(t.trashedAt)))
      .orderBy(...orderOf(order));
  const used = async (account: string) => {
    const [row] = await db
      .select({ used: lockerUsage.usedBytes })
      .from(lockerUsage)
      .where(eq(lockerUsage.account, account));
    return row?.used ?? 0;
  };
  return {
    /** One visible item (trashed ones only when asked). */
    find: (scope: TLockerScope, id: number, trashed: 'live' | 'any' = 'live') =>
      firstOf(
        db
          .select()
          .from(t)
          .where(
            and(eq(t.id, id), visible(scope), trashed === 'live' ? isNull(t.trashedAt) : undefined),
          ),
      ),

    /** Every live item of one kind in a space (the folder picker). */
    list: (ref: TSpaceRef, kind: 'folder' | 'file', order: TOrder) =>
      listWhere(and(inSpace(ref), eq(t.kind, kind)), order),

    children: (ref: TSpaceRef, parentId: number | null, order: TOrder) =>
      listWhere(
        and(inSpace(ref), parentId === null ? isNull(t.parentId) : eq(t.parentId, parentId)),
        order,
      ),

    /** Names in `ref`'s space matching `search`, optionally only under the given folders. */
    search: (ref: TSpaceRef, search: string, parents: number[] | null, order: TOrder) =>
      listWhere(
        and(
          inSpace(ref),
          ilike(t.name, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
          parents === null
            ? undefined
            : parents.length > 0
              ? inArray(t.parentId, parents)
              : sql`false`,
        ),
        order,
      ),

    /** Every live folder of a space (paths, breadcrumbs, the picker). */
    folders: (ref: TSpaceRef) =>
      db
        .select({ id: t.id, name: t.name, parentId: t.parentId })
        .from(t)
        .where(and(inSpace(ref), eq(t.kind, 'folder'), isNull(t.trashedAt)))
        .orderBy(asc(t.name)),

    /**
     * The live names in one folder of a space that `uniqueName` could collide with: `name`
     * itself and its numbered copies ("name (2).pdf"), lower-cased; not the whole folder (a
     * batch's folder of a thousand files is read once per file).
     */
    namesIn: async (
      tx: TTx | TDb,
      ref: TSpaceRef,
      parentId: number | null,
      item: { name: string; kind: 'folder' | 'file' },
      exceptId?: number,
    ) => {
      const { stem, ext } = nameParts(item.name, item.kind);
      const literal = (text: string) => text.replace(/[%_\\]/g, '\\$&');
      const rows = await tx
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
    },

    /** Runs `work` with the space's names locked (no two writers pick the same name). */
    inSpaceLock: <T>(ref: TSpaceRef, work: (tx: TTx) => Promise<T>) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select ${spaceLock(ref)}`);
        return work(tx);
      }),

    insert: (tx: TTx | TDb, values: TLockerInsert) => insertOne(tx, t, values),

    /**
     * Inserts an item of `ref`'s space in one statement when no live item of its folder has its
     * name (the unique index decides; a taken name inserts nothing: undefined). The statement
     * holds the space's lock while it inserts (taken in the name's expression, before the row
     * is checked), so the writers that name apart under that lock never meet it halfway.
     */
    insertIfNameFree: async (ref: TSpaceRef, values: TLockerInsert) => {
      const name = sql`(select ${values.name}::varchar from (select ${spaceLock(ref)}) as space_lock)`;
      const [row] = await db
        .insert(t)
        .values({ ...values, name })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    update: (tx: TTx | TDb, id: number, values: Partial<TLockerInsert>) =>
      updateById(tx, t, id, values),

    /** The ids of a folder and everything below it, live or trashed. */
    subtreeRows: (rootId: number) => db.select().from(t).where(subtree(rootId)),

    trash: (id: number, at: Date) =>
      db.transaction(async (tx) => {
        await tx
          .update(t)
          .set({ trashedAt: at })
          .where(and(subtree(id), isNull(t.trashedAt)));
        await tx.update(t).set({ trashedRoot: true }).where(eq(t.id, id));
      }),

    /**
     * The item back with `values` (its name apart), then what was trashed with it: in this order,
     * since the live names' unique index would refuse its old name while it is taken.
     */
    restore: async (tx: TTx, id: number, at: Date, values: Partial<TLockerInsert>) => {
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
    },

    /** Deleted items the caller sees in their trash. */
    trashed: (scope: TLockerScope) =>
      db
        .select({ ...getTableColumns(t), itemCount })
        .from(t)
        .where(and(visible(scope), isNotNull(t.trashedAt), eq(t.trashedRoot, true)))
        .orderBy(desc(t.trashedAt)),

    /** Trash roots deleted before `cutoff` (any owner), for the purge. */
    expiredTrash: (cutoff: Date) =>
      db
        .select()
        .from(t)
        .where(and(eq(t.trashedRoot, true), lt(t.trashedAt, cutoff)))
        .limit(500),

    /** Deletes a row (its subtree by cascade); false when another purge was first. */
    deleteRow: async (id: number) =>
      (await db.delete(t).where(eq(t.id, id)).returning({ id: t.id })).length > 0,

    /** A live folder of a space's root with this name (the automatic filing's folder). */
    rootFolderNamed: (ref: TSpaceRef, name: string) =>
      firstOf(db.select().from(t).where(rootFolderOf(ref, name)).limit(1)),

    /**
     * The first live root folder named apart from `name` as `uniqueName` names it ("name (1)"),
     * when a file holds the name; a folder of the user's own such as "name (draft)" is not one.
     */
    rootFolderNamedApart: async (tx: TTx | TDb, ref: TSpaceRef, name: string) => {
      const numbered = new RegExp(
        `^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d+\\)$`,
        'i',
      );
      const rows = await tx
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
    },

    /** The current file of a document the actor's company (or the actor) holds. */
    documentFile: (documentId: number, scope: TLockerScope) =>
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
      ),

    // ---- storage accounting ------------------------------------------------------------------

    used,

    /**
     * Adds `bytes` to the account if the total stays within `max`, in one upsert, so parallel
     * uploads are decided by the row lock and cannot pass the limit together. The new total, or
     * undefined when it would pass `max`.
     */
    reserve: async (account: string, bytes: number, max: number): Promise<number | undefined> => {
      if (bytes > max) return undefined;
      const [row] = await db
        .insert(lockerUsage)
        .values({ account, usedBytes: bytes })
        .onConflictDoUpdate({
          target: lockerUsage.account,
          set: { usedBytes: sql`${lockerUsage.usedBytes} + ${bytes}`, updatedAt: new Date() },
          setWhere: sql`${lockerUsage.usedBytes} + ${bytes} <= ${max}`,
        })
        .returning({ used: lockerUsage.usedBytes });
      return row?.used;
    },

    release: (account: string, bytes: number) =>
      db
        .update(lockerUsage)
        .set({
          usedBytes: sql`greatest(0, ${lockerUsage.usedBytes} - ${bytes})`,
          updatedAt: new Date(),
        })
        .where(eq(lockerUsage.account, account)),

    /**
     * The caller's plan as the locker reads it (flag, expiry, storage maximum) and the bytes its
     * storage account uses: one statement when there is a subscription (every stamp files a copy).
     */
    planAndUse: async (scope: TLockerScope, account: string) => {
      const plan = lockerPlanQuery(db, scope).as('plan');
      const [row] = await db
        .select({ plan: planFields(plan), usedBytes: usedBytesOf(account) })
        .from(sql`(select 1) as one`)
        .leftJoin(plan, sql`true`);
      return planAndUseOf(row);
    },

    /**
     * What the automatic filing reads first, in one statement: the plan and the account's used
     * bytes (as `planAndUse`), the document's earlier copy in the space and, when `folderName` is
     * given, the space's root folder of that name (a batch's folder).
     */
    filingState: async (
      scope: TLockerScope,
      account: string,
      ref: TSpaceRef,
      documentId: number,
      folderName: string | undefined,
    ) => {
      const plan = lockerPlanQuery(db, scope).as('plan');
      const rows = await db
        .select({ plan: planFields(plan), usedBytes: usedBytesOf(account), item: t })
        .from(sql`(select 1) as one`)
        .leftJoin(plan, sql`true`)
        .leftJoin(
          t,
          or(
            and(inSpace(ref), eq(t.documentId, documentId), eq(t.kind, 'file')),
            folderName === undefined ? undefined : rootFolderOf(ref, folderName),
          ),
        );
      const items = rows.flatMap((r) => (r.item ? [r.item] : []));
      return {
        ...planAndUseOf(rows[0]),
        copy: items.find((r) => r.kind === 'file'),
        folder: items.find((r) => r.kind === 'folder'),
      };
    },
  };
};

export type TLockerRepository = ReturnType<typeof createLockerRepository>;
