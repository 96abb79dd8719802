import { boolean, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, atNow, ref, serialId, timestamps } from './columns';

import { companies, users } from './org';

/** Configuration values read by the web (spec §3): status_group / status_name pairs. */
export const masterStatus = pgTable(
  'master_status',
  {
    id: serialId(),
    statusGroup: varchar('status_group', { length: 60 }).notNull(),
    statusName: varchar('status_name', { length: 200 }).notNull(),
    description: text('description'),
    ...timestamps,
  },
  (t) => [uniqueIndex('master_status_group_uq').on(t.statusGroup)],
);

/** The plans catalogue (spec §3 subscription fields). */
export const plans = pgTable('plans', {
  id: serialId(),
  name: varchar('name', { length: 100 }).notNull(),
  status: varchar('status', { length: 20, enum: ['active', 'inactive'] })
    .notNull()
    .default('active'),
  note: text('note'),
  priceIdr: integer('price_idr').notNull().default(0),
  durationDays: integer('duration_days').notNull().default(365),
  totalEmeterai: integer('total_emeterai').notNull().default(0),
  totalEsign: integer('total_esign').notNull().default(0),
  totalMultiuser: integer('total_multiuser').notNull().default(0),
  totalPsre: integer('total_psre').notNull().default(0),
  isMultipleEsign: boolean('is_multiple_esign').notNull().default(false),
  isParent: boolean('is_parent').notNull().default(false),
  isDigitalLocker: boolean('is_digital_locker').notNull().default(false),
  isEmeterai: boolean('is_emeterai').notNull().default(true),
  isEsignCertificate: boolean('is_esign_certificate').notNull().default(false),
  isEsignSpesimen: boolean('is_esign_spesimen').notNull().default(false),
  isMultiSign: boolean('is_multi_sign').notNull().default(false),
  ...timestamps,
});

/** A plan held by a company (all its users) or by a personal user. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serialId(),
    planId: ref('plan_id', () => plans.id, 'restrict').notNull(),
    companyId: ref('company_id', () => companies.id, 'cascade'),
    userId: ref('user_id', () => users.id, 'cascade'),
    status: varchar('status', { length: 20, enum: ['active', 'expired', 'cancelled'] })
      .notNull()
      .default('active'),
    startedAt: atNow('started_at'),
    expiresAt: at('expires_at'),
    ...timestamps,
  },
  (t) => [
    index('subscriptions_company_idx').on(t.companyId),
    index('subscriptions_user_idx').on(t.userId),
  ],
);
