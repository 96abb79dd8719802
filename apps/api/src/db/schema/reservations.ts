import { index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

import { documents } from './documents';
import { companies, users } from './org';
import { quotaAccounts, quotaMovements } from './quota';
import { timestamps } from './timestamps';

/**
 * One quota unit held for one piece of work (a stamp, a signature): reserved in the transaction
 * that debits the payer (the ledger's `spend` movement), then either spent (in the transaction
 * that stores the work) or released (in the transaction of the refund movement). Recovery reads
 * these rows to return units whose work died.
 */
export const unitReservations = pgTable(
  'unit_reservations',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 10, enum: ['emeterai', 'esign'] }).notNull(),
    payerAccountId: integer('payer_account_id')
      .notNull()
      .references(() => quotaAccounts.id),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
    state: varchar('state', { length: 10, enum: ['reserved', 'spent', 'released'] })
      .notNull()
      .default('reserved'),
    /** The attempt: one reservation per attempt, also the base of its movements' keys. */
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    reserveMovementId: integer('reserve_movement_id')
      .notNull()
      .references(() => quotaMovements.id),
    releaseMovementId: integer('release_movement_id').references(() => quotaMovements.id),
    note: text('note'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('unit_reservations_key_uq').on(t.idempotencyKey),
    index('unit_reservations_state_idx').on(t.state, t.createdAt),
    index('unit_reservations_document_idx').on(t.documentId),
  ],
);
