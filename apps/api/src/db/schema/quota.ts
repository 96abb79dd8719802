import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { atNow, ref, serialId } from './columns';

import { companies, users } from './org';

/**
 * Quota wallet accounts: one per owner and kind. `system` accounts stand for the outside world
 * (units issued by purchases, units consumed by stamps) and are the only ones that may go negative.
 */
export const quotaAccounts = pgTable(
  'quota_accounts',
  {
    id: serialId(),
    ownerType: varchar('owner_type', {
      length: 12,
      enum: ['system', 'company', 'departement', 'user'],
    }).notNull(),
    /** company id, departement id or user id; for system accounts 1 = issued, 2 = consumed. */
    ownerId: integer('owner_id').notNull(),
    kind: varchar('kind', { length: 10, enum: ['emeterai', 'esign', 'psre'] }).notNull(),
    balance: integer('balance').notNull().default(0),
    /** Company the account belongs to (null for system and personal accounts): scoping reads. */
    companyId: ref('company_id', () => companies.id, 'restrict'),
    updatedAt: atNow('updated_at'),
  },
  (t) => [
    uniqueIndex('quota_accounts_owner_uq').on(t.ownerType, t.ownerId, t.kind),
    check('quota_accounts_balance_ck', sql`${t.ownerType} = 'system' or ${t.balance} >= 0`),
  ],
);

/** One movement of units between two accounts; its two entries are in quota_entries. */
export const quotaMovements = pgTable(
  'quota_movements',
  {
    id: serialId(),
    kind: varchar('kind', { length: 10, enum: ['emeterai', 'esign', 'psre'] }).notNull(),
    quantity: integer('quantity').notNull(),
    reason: varchar('reason', {
      length: 20,
      enum: ['seed', 'purchase', 'transfer', 'return', 'spend', 'refund', 'adjust'],
    }).notNull(),
    fromAccountId: ref('from_account_id', () => quotaAccounts.id).notNull(),
    toAccountId: ref('to_account_id', () => quotaAccounts.id).notNull(),
    actorUserId: ref('actor_user_id', () => users.id, 'set null'),
    companyId: ref('company_id', () => companies.id, 'restrict'),
    refType: varchar('ref_type', { length: 30 }),
    refId: varchar('ref_id', { length: 64 }),
    idempotencyKey: varchar('idempotency_key', { length: 128 }),
    note: text('note'),
    createdAt: atNow('created_at'),
  },
  (t) => [
    uniqueIndex('quota_movements_idem_uq').on(t.idempotencyKey),
    index('quota_movements_company_idx').on(t.companyId, t.createdAt),
    // An account's spends and refunds (usage figures, monthly charts), answered from the index.
    index('quota_movements_from_idx').on(
      t.fromAccountId,
      t.reason,
      t.createdAt,
      t.quantity,
      t.kind,
    ),
    index('quota_movements_to_idx').on(t.toAccountId, t.reason, t.createdAt, t.quantity, t.kind),
    check('quota_movements_qty_ck', sql`${t.quantity} > 0`),
  ],
);

/** Double entry: every movement writes -q on its source and +q on its target. */
export const quotaEntries = pgTable(
  'quota_entries',
  {
    id: serialId(),
    movementId: ref('movement_id', () => quotaMovements.id, 'restrict').notNull(),
    accountId: ref('account_id', () => quotaAccounts.id, 'restrict').notNull(),
    delta: integer('delta').notNull(),
    /** The account's balance after the entry; null on system accounts, which keep none. */
    balanceAfter: integer('balance_after'),
    createdAt: atNow('created_at'),
  },
  (t) => [index('quota_entries_account_idx').on(t.accountId, t.createdAt)],
);
