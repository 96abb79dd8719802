import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, atNow, ref, serialId, timestamps } from './columns';

import { documents } from './documents';
import { companies, users } from './org';
import { plans } from './plans';

/**
 * Folders and files of the digital locker. A user's private item has `owner_user_id`; an item of
 * the company's shared space has `owner_user_id` null and the company id. A deleted item keeps
 * its place with `trashed_at` (the item the user deleted also has `trashed_root`); it is removed
 * for good 30 days later. A live item's name is unique in its folder, case-insensitively, as the
 * app names items apart ("name (1)"): the index lets a new item be inserted in one statement that
 * simply does nothing when its name is taken (`insertIfNameFree`).
 */
export const lockerItems = pgTable(
  'locker_items',
  {
    id: serialId(),
    companyId: ref('company_id', () => companies.id, 'cascade'),
    ownerUserId: ref('owner_user_id', () => users.id, 'cascade'),
    parentId: ref('parent_id', (): AnyPgColumn => lockerItems.id, 'cascade'),
    kind: varchar('kind', { length: 10, enum: ['folder', 'file'] }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    storageKey: varchar('storage_key', { length: 300 }),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    mimeType: varchar('mime_type', { length: 150 }),
    documentId: ref('document_id', () => documents.id, 'set null'),
    serialNumber: varchar('serial_number', { length: 100 }),
    /** The document version a filed copy was made from (filing the same version again is a no-op). */
    sourceKey: varchar('source_key', { length: 200 }),
    createdBy: ref('created_by', () => users.id, 'set null'),
    trashedAt: at('trashed_at'),
    trashedRoot: boolean('trashed_root').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('locker_items_owner_idx').on(t.ownerUserId, t.parentId),
    index('locker_items_company_idx').on(t.companyId, t.parentId),
    index('locker_items_document_idx').on(t.documentId),
    uniqueIndex('locker_items_live_name_idx')
      .on(
        sql`coalesce(${t.ownerUserId}, -${t.companyId})`,
        sql`coalesce(${t.parentId}, 0)`,
        sql`lower(${t.name})`,
      )
      .where(sql`${t.trashedAt} is null`),
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
  updatedAt: atNow('updated_at'),
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
  filingFolderId: ref('filing_folder_id', () => lockerItems.id, 'set null'),
  ...timestamps,
});
