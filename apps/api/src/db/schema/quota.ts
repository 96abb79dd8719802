import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

import { companies, users } from './org';

/**
 * Quota wallet accounts: one per owner and kind. `system` accounts stand for the outside world
 * (units issued by purchases, units consumed by stamps) and are the only ones that may go negative.
 */
export const quotaAccounts = pgTable(
  'quota_accounts',
  {
    id: serial('id').primaryKey(),
    ownerType: varchar('owner_type', {
      length: 12,
      enum: ['system', 'company', 'departement', 'user'],
    }).notNull(),
    /** company id, departement id or user id; for system accounts 1 = issued, 2 = consumed. */
    ownerId: integer('owner_id').notNull(),
    kind: varchar('kind', { length: 10, enum: ['emeterai', 'esign', 'psre'] }).notNull(),
    balance: integer('balance').notNull().default(0),
    /** Company the account belongs to (null for system and personal accounts): scoping reads. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 10, enum: ['emeterai', 'esign', 'psre'] }).notNull(),
    quantity: integer('quantity').notNull(),
    reason: varchar('reason', {
      length: 20,
      enum: ['seed', 'purchase', 'transfer', 'return', 'spend', 'refund', 'adjust'],
    }).notNull(),
    fromAccountId: integer('from_account_id')
      .notNull()
      .references(() => quotaAccounts.id),
    toAccountId: integer('to_account_id')
      .notNull()
      .references(() => quotaAccounts.id),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    refType: varchar('ref_type', { length: 30 }),
    refId: varchar('ref_id', { length: 64 }),
    idempotencyKey: varchar('idempotency_key', { length: 128 }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: serial('id').primaryKey(),
    movementId: integer('movement_id')
      .notNull()
      .references(() => quotaMovements.id, { onDelete: 'restrict' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => quotaAccounts.id, { onDelete: 'restrict' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quota_entries_account_idx').on(t.accountId, t.createdAt)],
);
