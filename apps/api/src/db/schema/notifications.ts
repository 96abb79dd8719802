import {
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './org';

/**
 * In-app notifications (spec §3: id, header, content, date). `key` makes `notify` idempotent:
 * the same event for the same user is stored once, however often its job runs.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 200 }).notNull(),
    header: varchar('header', { length: 200 }).notNull(),
    content: text('content').notNull(),
    link: varchar('link', { length: 300 }),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When its e-mail went out (notices sent with `mail`); a retried mail job sends nothing twice. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_user_key_uq').on(t.userId, t.key),
    index('notifications_user_idx').on(t.userId, t.id),
  ],
);
