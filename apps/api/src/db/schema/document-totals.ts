import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  varchar,
} from 'drizzle-orm/pg-core';
import { counter } from './columns';

/**
 * The slot of a kept counter (migration 0027): each counter is spread over a few rows, and a
 * writer changes the one of its connection (`counter_slot()`, the backend's pid modulo 16), so
 * writers on other connections never wait on its row until it commits. Readers sum the slots;
 * one slot alone may be negative (a document counted in by one connection, out by another).
 */
const slot = () => smallint('slot').notNull().default(0);

/**
 * What every kept total is counted by: the document's company (`company_key`, 0 for none), its
 * owner and its state; `n` is the count.
 */
const totalColumns = () => ({
  companyKey: integer('company_key').notNull(),
  ownerUserId: integer('owner_user_id').notNull(),
  state: varchar('state', { length: 12 }).notNull(),
  n: counter('n'),
  slot: slot(),
});

/**
 * How many documents each owner has per company, department and state: kept by the database
 * (triggers of migration 0009 on `documents`), so every writer keeps it right and the lists and
 * dashboards read their totals instead of counting. `company_key`/`departement_key` are 0 for
 * none (personal documents). Rows are never removed (a count may be 0).
 */
export const documentTotals = pgTable(
  'document_totals',
  { ...totalColumns(), departementKey: integer('departement_key').notNull() },
  (t) => [
    primaryKey({ columns: [t.companyKey, t.departementKey, t.ownerUserId, t.state, t.slot] }),
    index('document_totals_owner_idx').on(t.ownerUserId),
  ],
);

/**
 * The signer branch of the visibility: how many documents each user is asked to sign, per
 * document company, owner and state (a document counts once per signer however many boxes it
 * has). Kept by triggers on `documents` and `document_signers`.
 */
export const documentSignerTotals = pgTable(
  'document_signer_totals',
  { userId: integer('user_id').notNull(), ...totalColumns() },
  (t) => [primaryKey({ columns: [t.userId, t.companyKey, t.ownerUserId, t.state, t.slot] })],
);

/**
 * A counter per company (`company_key`, 0 for personal documents) that the database bumps in
 * the transaction of every change a document read shows: a document written, stamped, signed or
 * removed, its signers, and (all counters) a renamed user, department or serial (triggers of
 * migration 0020). The list and dashboard reads answer `304 Not Modified` while it is unchanged.
 * Spread over slots as the totals are: a company's version is the sum of its slots'.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    companyKey: integer('company_key').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    slot: slot(),
  },
  (t) => [primaryKey({ columns: [t.companyKey, t.slot] })],
);
