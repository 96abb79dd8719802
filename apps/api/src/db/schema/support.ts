import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { batches } from './batches';
import { invoices } from './billing';
import { atNow, counter, ref, serialId, timestamps } from './columns';
import { documents } from './documents';
import { companies, users } from './org';

/** A support ticket: one customer's question, scoped to the customer's company (if any). */
export const tickets = pgTable(
  'tickets',
  {
    id: serialId(),
    userId: ref('user_id', () => users.id, 'restrict').notNull(),
    companyId: ref('company_id', () => companies.id, 'restrict'),
    subject: varchar('subject', { length: 200 }).notNull(),
    description: text('description').notNull(),
    category: varchar('category', {
      length: 20,
      enum: ['stamping', 'e-signature', 'quota-payment', 'account', 'other'],
    }).notNull(),
    level: varchar('level', { length: 10, enum: ['High', 'Medium', 'Low'] }).notNull(),
    status: varchar('status', {
      length: 15,
      enum: ['Open', 'On Progress', 'Pending', 'Closed'],
    })
      .notNull()
      .default('Open'),
    assigneeUserId: ref('assignee_user_id', () => users.id, 'set null'),
    documentId: ref('document_id', () => documents.id, 'set null'),
    /** Optional links to one of the customer's batches or invoices (shown in the ticket header). */
    batchId: ref('batch_id', () => batches.id, 'set null'),
    invoiceId: ref('invoice_id', () => invoices.id, 'set null'),
    ...timestamps,
  },
  (t) => [
    index('tickets_user_idx').on(t.userId, t.updatedAt),
    index('tickets_company_idx').on(t.companyId, t.updatedAt),
    index('tickets_status_idx').on(t.status, t.updatedAt),
  ],
);

/**
 * The ticket's timeline: messages (customer or support), internal notes (support only) and every
 * change of status, level or assignee with who and when.
 */
export const ticketEntries = pgTable(
  'ticket_entries',
  {
    id: serialId(),
    ticketId: ref('ticket_id', () => tickets.id, 'cascade').notNull(),
    authorUserId: ref('author_user_id', () => users.id, 'restrict').notNull(),
    kind: varchar('kind', {
      length: 10,
      enum: ['message', 'note', 'status', 'level', 'assign'],
    }).notNull(),
    fromSupport: boolean('from_support').notNull(),
    body: text('body').notNull().default(''),
    fromValue: varchar('from_value', { length: 150 }),
    toValue: varchar('to_value', { length: 150 }),
    createdAt: atNow('created_at'),
  },
  (t) => [index('ticket_entries_ticket_idx').on(t.ticketId, t.id)],
);

/** Files attached to a ticket message; the bytes live in the FileStore under `tickets/<uuid>/`. */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: serialId(),
    ticketId: ref('ticket_id', () => tickets.id, 'cascade').notNull(),
    entryId: ref('entry_id', () => ticketEntries.id, 'cascade').notNull(),
    fileKey: varchar('file_key', { length: 200 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    mime: varchar('mime', { length: 40 }).notNull(),
    size: integer('size').notNull(),
    createdAt: atNow('created_at'),
  },
  (t) => [index('ticket_attachments_entry_idx').on(t.entryId)],
);

/** FAQ entries and knowledge-base articles (Markdown), one row per language. */
export const supportArticles = pgTable(
  'support_articles',
  {
    id: serialId(),
    kind: varchar('kind', { length: 10, enum: ['faq', 'article'] }).notNull(),
    language: varchar('language', { length: 2, enum: ['en', 'id'] }).notNull(),
    /** Stable name of seeded content, so the seed never adds a row twice. */
    slug: varchar('slug', { length: 120 }),
    topic: varchar('topic', { length: 80 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull(),
    published: boolean('published').notNull().default(true),
    helpfulYes: counter('helpful_yes'),
    helpfulNo: counter('helpful_no'),
    ...timestamps,
  },
  (t) => [
    index('support_articles_kind_lang_idx').on(t.kind, t.language),
    uniqueIndex('support_articles_slug_uq')
      .on(t.kind, t.language, t.slug)
      .where(sql`${t.slug} is not null`),
  ],
);
