import {
  statesOfWireStatus,
  type TQuotaHistoryQuery,
  type TQuotaHistorySortKey,
} from '@bubuh/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb, TTx } from '../../db/client.ts';
import { firstOf, sortedPageOf } from '../../db/query.ts';
import { departements, quotaAccounts, quotaMovements, users } from '../../db/schema.ts';
import { lowerOf, type TSortColumns } from '../../lib/sort.ts';
import { lockDepartement } from '../departements/index.ts';
import { keptScopeTotal, type TTotalsScope } from '../documents/index.ts';
import type { TOwnerType, TQuotaKind } from '../quota/index.ts';

export type TKindFigures = { remain: number; spent: number; stamps: number };

/**
 * Balance and all-time usage (spend − refund: units and stamps) of every account of one owner, in
 * one query: each account's spends leave it and its refunds come back to it, each side read from
 * its own index (quota_movements_from_idx / _to_idx). A kind without an account reads as zeros.
 */
export const figuresOf = async (
  db: TDb,
  ownerType: TOwnerType,
  ownerId: number,
): Promise<(kind: TQuotaKind) => TKindFigures> => {
  const spends = sql`from quota_movements m where m.from_account_id = ${quotaAccounts.id} and m.reason = 'spend'`;
  const refunds = sql`from quota_movements m where m.to_account_id = ${quotaAccounts.id} and m.reason = 'refund'`;
  const rows = await db
    .select({
      kind: quotaAccounts.kind,
      remain: quotaAccounts.balance,
      spent: sql<number>`((select coalesce(sum(m.quantity), 0) ${spends}) - (select coalesce(sum(m.quantity), 0) ${refunds}))::int`,
      stamps: sql<number>`((select count(*) ${spends}) - (select count(*) ${refunds}))::int`,
    })
    .from(quotaAccounts)
    .where(and(eq(quotaAccounts.ownerType, ownerType), eq(quotaAccounts.ownerId, ownerId)));
  return (kind) => {
    const row = rows.find((r) => r.kind === kind);
    return { remain: row?.remain ?? 0, spent: row?.spent ?? 0, stamps: row?.stamps ?? 0 };
  };
};

/** Where a read looks for drafts: a company, one of its departments, or one user's own. */
export type TDraftScope = TTotalsScope;

/** Drafts (documents still `nostamp`, canceled and stamped ones excluded) in a scope, kept. */
export const draftCount = (db: TDb, scope: TDraftScope) =>
  keptScopeTotal(db, scope, statesOfWireStatus('nostamp'));

/**
 * What the child users of `parentUserId` hold (their own wallets) and used (spends − refunds they
 * made, whichever wallet paid), per kind: two queries for every kind.
 */
export const childFigures = async (
  db: TDb,
  parentUserId: number,
): Promise<(kind: TQuotaKind) => TKindFigures> => {
  const children = db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.parentUserId, parentUserId));
  const held = await db
    .select({
      kind: quotaAccounts.kind,
      remain: sql<number>`coalesce(sum(${quotaAccounts.balance}), 0)::int`,
    })
    .from(quotaAccounts)
    .where(and(eq(quotaAccounts.ownerType, 'user'), inArray(quotaAccounts.ownerId, children)))
    .groupBy(quotaAccounts.kind);
  const used = await db
    .select({
      kind: quotaMovements.kind,
      spent: sql<number>`coalesce(sum(case when ${quotaMovements.reason} = 'spend' then ${quotaMovements.quantity} else -${quotaMovements.quantity} end), 0)::int`,
      stamps: sql<number>`coalesce(sum(case when ${quotaMovements.reason} = 'spend' then 1 else -1 end), 0)::int`,
    })
    .from(quotaMovements)
    .where(
      and(
        inArray(quotaMovements.reason, ['spend', 'refund']),
        inArray(quotaMovements.actorUserId, children),
      ),
    )
    .groupBy(quotaMovements.kind);
  return (kind) => {
    const h = held.find((r) => r.kind === kind);
    const u = used.find((r) => r.kind === kind);
    return { remain: h?.remain ?? 0, spent: u?.spent ?? 0, stamps: u?.stamps ?? 0 };
  };
};

/** A department of the company (no lock); undefined when it is not one of the company's. */
export const findDepartement = (db: TDb, companyId: number, id: number) =>
  firstOf(
    db
      .select()
      .from(departements)
      .where(and(eq(departements.id, id), eq(departements.companyId, companyId))),
  );

/**
 * Share lock on a department of the company, taken by a quota movement before its account locks
 * (the order of the department delete: this row for update, then the department's accounts).
 * Undefined when the department is gone.
 */
export const lockDepartementForShare = (tx: TTx, companyId: number, id: number) =>
  lockDepartement(tx, companyId, id, 'share');

/** Spend per month (UTC) over the last `months` months, for accounts of one owner or a company. */
export const monthlyUsage = async (
  db: TDb,
  scope: { ownerType: TOwnerType; ownerId: number } | { companyId: number },
  months: number,
) => {
  const owner =
    'companyId' in scope
      ? sql`${quotaAccounts.companyId} = ${scope.companyId}`
      : sql`${quotaAccounts.ownerType} = ${scope.ownerType} and ${quotaAccounts.ownerId} = ${scope.ownerId}`;
  const rows = await db
    .select({
      month: sql<string>`to_char(date_trunc('month', ${quotaMovements.createdAt} at time zone 'UTC'), 'YYYY-MM')`,
      kind: quotaMovements.kind,
      total: sql<number>`sum(case when ${quotaMovements.reason} = 'spend' then ${quotaMovements.quantity} else -${quotaMovements.quantity} end)::int`,
    })
    .from(quotaMovements)
    .innerJoin(
      quotaAccounts,
      sql`(${quotaMovements.reason} = 'spend' and ${quotaAccounts.id} = ${quotaMovements.fromAccountId}) or (${quotaMovements.reason} = 'refund' and ${quotaAccounts.id} = ${quotaMovements.toAccountId})`,
    )
    .where(
      and(
        owner,
        sql`${quotaMovements.createdAt} >= date_trunc('month', now()) - (${months - 1} * interval '1 month')`,
      ),
    )
    .groupBy(sql`1`, quotaMovements.kind);
  return rows;
};

export const departementBalances = async (db: TDb, companyId: number) => {
  const rows = await db
    .select({
      departementId: departements.id,
      name: departements.name,
      kind: quotaAccounts.kind,
      balance: quotaAccounts.balance,
    })
    .from(departements)
    .leftJoin(
      quotaAccounts,
      and(eq(quotaAccounts.ownerType, 'departement'), eq(quotaAccounts.ownerId, departements.id)),
    )
    .where(eq(departements.companyId, companyId))
    .orderBy(departements.name);
  const byDept = new Map<
    number,
    { departement_id: number; name: string; emeterai: number; esign: number }
  >();
  for (const row of rows) {
    const entry = byDept.get(row.departementId) ?? {
      departement_id: row.departementId,
      name: row.name,
      emeterai: 0,
      esign: 0,
    };
    if (row.kind === 'emeterai') entry.emeterai = row.balance ?? 0;
    if (row.kind === 'esign') entry.esign = row.balance ?? 0;
    byDept.set(row.departementId, entry);
  }
  return [...byDept.values()];
};

const fromAcc = alias(quotaAccounts, 'from_acc');
const toAcc = alias(quotaAccounts, 'to_acc');
/** The department a movement concerns: its target if that is a department, else its source. */
const historyDepartementId = sql<
  number | null
>`case when ${toAcc.ownerType} = 'departement' then ${toAcc.ownerId} when ${fromAcc.ownerType} = 'departement' then ${fromAcc.ownerId} end`;

const HISTORY_SORT_COLUMNS: TSortColumns<TQuotaHistorySortKey> = {
  date: quotaMovements.createdAt,
  type: quotaMovements.reason,
  kind: quotaMovements.kind,
  quota: quotaMovements.quantity,
  // Company-level movements and deleted departments have no name: last.
  department: sql`(select lower(d.name) from departements d where d.id = ${historyDepartementId})`,
  by: lowerOf(users.fullName),
};
/** Default order of the history: newest first. */
const HISTORY_DEFAULT_ORDER = [desc(quotaMovements.createdAt), desc(quotaMovements.id)];

/** Company history: every movement touching the company or one of its departments. */
export const companyHistory = async (db: TDb, companyId: number, query: TQuotaHistoryQuery) => {
  const where = eq(quotaMovements.companyId, companyId);
  const { rows, total } = await sortedPageOf(
    db,
    quotaMovements,
    db
      .select({
        id: quotaMovements.id,
        reason: quotaMovements.reason,
        kind: quotaMovements.kind,
        quantity: quotaMovements.quantity,
        createdAt: quotaMovements.createdAt,
        fromType: fromAcc.ownerType,
        fromId: fromAcc.ownerId,
        toType: toAcc.ownerType,
        toId: toAcc.ownerId,
        by: users.fullName,
      })
      .from(quotaMovements)
      .innerJoin(fromAcc, eq(fromAcc.id, quotaMovements.fromAccountId))
      .innerJoin(toAcc, eq(toAcc.id, quotaMovements.toAccountId))
      .leftJoin(users, eq(users.id, quotaMovements.actorUserId))
      .$dynamic(),
    { where, query, columns: HISTORY_SORT_COLUMNS, fallback: HISTORY_DEFAULT_ORDER },
  );
  const deptIds = [
    ...new Set(
      rows
        .flatMap((r) => [
          r.fromType === 'departement' ? r.fromId : null,
          r.toType === 'departement' ? r.toId : null,
        ])
        .filter((v): v is number => v !== null),
    ),
  ];
  const names = deptIds.length
    ? await db
        .select({ id: departements.id, name: departements.name })
        .from(departements)
        .where(inArray(departements.id, deptIds))
    : [];
  return { rows, total, deptNames: new Map(names.map((n) => [n.id, n.name])) };
};
