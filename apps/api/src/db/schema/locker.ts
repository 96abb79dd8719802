import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

import { documents } from './documents';
import { companies, users } from './org';
import { plans } from './plans';
import { timestamps } from './timestamps';

/**
 * Folders and files of the digital locker. A user's private item has `owner_user_id`; an item of
 * the company's shared space has `owner_user_id` null and the company id. A deleted item keeps
 * its place with `trashed_at` (the item the user deleted also has `trashed_root`); it is removed
 * for good 30 days later.
 */
export const lockerItems = pgTable(
  'locker_items',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => lockerItems.id, {
      onDelete: 'cascade',
    }),
    kind: varchar('kind', { length: 10, enum: ['folder', 'file'] }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    storageKey: varchar('storage_key', { length: 300 }),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    mimeType: varchar('mime_type', { length: 150 }),
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
    serialNumber: varchar('serial_number', { length: 100 }),
    /** The document version a filed copy was made from (filing the same version again is a no-op). */
    sourceKey: varchar('source_key', { length: 200 }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    trashedAt: timestamp('trashed_at', { withTimezone: true }),
    trashedRoot: boolean('trashed_root').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('locker_items_owner_idx').on(t.ownerUserId, t.parentId),
    index('locker_items_company_idx').on(t.companyId, t.parentId),
    index('locker_items_document_idx').on(t.documentId),
  ],
);

/**
 * Bytes held per storage account (`c:<company id>` for a company's users and shared space,
 * `u:<user id>` for a personal account). Uploads add to it with one conditional UPDATE, so two
 * uploads racing for the last bytes cannot both pass.
 */
export const lockerUsage = pgTable('locker_usage', {
  account: varchar('account', { length: 40 }).primaryKey(),
  usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The storage a plan allows (spec §3 `max_size_digital_loker`); a plan without a row: 1 GB. */
export const lockerPlanLimits = pgTable('locker_plan_limits', {
  planId: integer('plan_id')
    .primaryKey()
    .references(() => plans.id, { onDelete: 'cascade' }),
  maxBytes: bigint('max_bytes', { mode: 'number' }).notNull(),
  ...timestamps,
});

/**
 * Per-user locker settings: the folder of the user's private locker where stamped and signed
 * documents are filed (null, deleted or trashed: the "e-Meterai" folder).
 */
export const lockerSettings = pgTable('locker_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  filingFolderId: integer('filing_folder_id').references(() => lockerItems.id, {
    onDelete: 'set null',
  }),
  ...timestamps,
});
