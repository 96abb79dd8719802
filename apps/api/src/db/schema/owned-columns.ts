import { varchar } from 'drizzle-orm/pg-core';
import { ref, serialId } from './columns';
import { companies, users } from './org';

/**
 * The columns of a row shared inside a company or kept by a personal account (templates, bulk
 * templates; read through `db/owned-rows.ts`): its company (null for a personal account), its
 * owner and its name. The row goes when its company or its owner goes.
 */
export const ownedRowColumns = () => ({
  id: serialId(),
  companyId: ref('company_id', () => companies.id, 'cascade'),
  ownerUserId: ref('owner_user_id', () => users.id, 'cascade').notNull(),
  name: varchar('name', { length: 150 }).notNull(),
});
