import { index, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { at, atNow, serialId } from './columns';

/** Every mail the app sends; without SMTP this table is the outbox (readable at /dev/outbox). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serialId(),
    to: varchar('to', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    template: varchar('template', { length: 60 }).notNull(),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    transport: varchar('transport', { length: 10, enum: ['outbox', 'smtp'] }).notNull(),
    sentAt: at('sent_at'),
    error: text('error'),
    createdAt: atNow('created_at'),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to)],
);
