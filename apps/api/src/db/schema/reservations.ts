import { index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ref, serialId, timestamps } from './columns';

import { documents } from './documents';
import { companies, users } from './org';
import { quotaAccounts, quotaMovements } from './quota';

/**
 * One quota unit held for one piece of work (a stamp, a signature): reserved in the transaction
 * that debits the payer (the ledger's `spend` movement), then either spent (in the transaction
 * that stores the work) or released (in the transaction of the refund movement). Recovery reads
 * these rows to return units whose work died.
 */
export const unitReservations = pgTable(
  'unit_reservations',
  {
    id: serialId(),
    kind: varchar('kind', { length: 10, enum: ['emeterai', 'esign'] }).notNull(),
    payerAccountId: ref('payer_account_id', () => quotaAccounts.id).notNull(),
    companyId: ref('company_id', () => companies.id, 'restrict'),
    documentId: ref('document_id', () => documents.id, 'set null'),
    state: varchar('state', { length: 10, enum: ['reserved', 'spent', 'released'] })
      .notNull()
      .default('reserved'),
    /** The attempt: one reservation per attempt, also the base of its movements' keys. */
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    actorUserId: ref('actor_user_id', () => users.id, 'set null'),
    reserveMovementId: ref('reserve_movement_id', () => quotaMovements.id).notNull(),
    releaseMovementId: ref('release_movement_id', () => quotaMovements.id),
    note: text('note'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('unit_reservations_key_uq').on(t.idempotencyKey),
    index('unit_reservations_state_idx').on(t.state, t.createdAt),
    index('unit_reservations_document_idx').on(t.documentId),
  ],
);
