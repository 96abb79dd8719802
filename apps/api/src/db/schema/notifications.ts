import { index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, atNow, ref, serialId } from './columns';
import { users } from './org';

/**
 * In-app notifications (spec §3: id, header, content, date). `key` makes `notify` idempotent:
 * the same event for the same user is stored once, however often its job runs.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serialId(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    key: varchar('key', { length: 200 }).notNull(),
    header: varchar('header', { length: 200 }).notNull(),
    content: text('content').notNull(),
    link: varchar('link', { length: 300 }),
    readAt: at('read_at'),
    /** When its e-mail went out (notices sent with `mail`); a retried mail job sends nothing twice. */
    mailedAt: at('mailed_at'),
    createdAt: atNow('created_at'),
  },
  (t) => [
    uniqueIndex('notifications_user_key_uq').on(t.userId, t.key),
    index('notifications_user_idx').on(t.userId, t.id),
  ],
);
