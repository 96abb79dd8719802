import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, counter, ref, serialId, timestamps } from './columns';
import { users } from './org';

/**
 * Promo and voucher codes managed by super. `used_count` is taken when an invoice is created, in
 * its transaction, by a conditional update (never over `usage_limit`).
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serialId(),
    code: varchar('code', { length: 40 }).notNull(),
    kind: varchar('kind', { length: 10, enum: ['percent', 'fixed'] }).notNull(),
    /** percent: basis points (1000 = 10 %); fixed: integer rupiah. */
    value: integer('value').notNull(),
    usageLimit: integer('usage_limit'),
    usedCount: counter('used_count'),
    expiresAt: at('expires_at'),
    active: boolean('active').notNull().default(true),
    createdBy: ref('created_by', () => users.id, 'set null'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('promo_codes_code_uq').on(t.code),
    check(
      'promo_codes_usage_ck',
      sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`,
    ),
    check('promo_codes_value_ck', sql`${t.value} > 0`),
  ],
);
