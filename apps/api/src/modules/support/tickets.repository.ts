import type { TTicketLevel, TTicketQuery, TTicketStatus } from '@bubuh/contracts';
import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNull,
  ne,
  or,
  type SQL,
} from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { anyWhere, containsText, countOf, firstOf, insertOne, pageOf } from '../../db/query.ts';
import {
  batches,
  companies,
  documents,
  invoices,
  ticketAttachments,
  ticketEntries,
  tickets,
  users,
} from '../../db/schema.ts';

type TDbOrTx = TDb | TTx;

/** Whose tickets a caller sees: support every company's, company admins their company's. */
export type TTicketScope =
  | { kind: 'all' }
  | { kind: 'company'; companyId: number }
  | { kind: 'user'; userId: number };

export type TTicketRow = typeof tickets.$inferSelect;
export type TEntryRow = typeof ticketEntries.$inferSelect;
export type TAttachmentRow = typeof ticketAttachments.$inferSelect;
export type TNewEntry = Omit<typeof ticketEntries.$inferInsert, 'id' | 'ticketId' | 'createdAt'>;
export type TNewAttachment = Pick<TAttachmentRow, 'fileKey' | 'name' | 'mime' | 'size'>;

const owner = aliasedTable(users, 'owner');
const assignee = aliasedTable(users, 'assignee');

const scopeWhere = (scope: TTicketScope): SQL | undefined => {
  if (scope.kind === 'company') return eq(tickets.companyId, scope.companyId);
  if (scope.kind === 'user') return eq(tickets.userId, scope.userId);
  return undefined;
};

const listColumns = {
  ticket: tickets,
  ownerName: owner.fullName,
  ownerEmail: owner.email,
  ownerLanguage: owner.language,
  companyName: companies.name,
  assigneeName: assignee.fullName,
  documentName: documents.fileName,
  batchName: batches.name,
  invoiceNumber: invoices.number,
  invoicePurpose: invoices.purpose,
};

export type TTicketView = {
  ticket: TTicketRow;
  ownerName: string;
  ownerEmail: string;
  ownerLanguage: string;
  companyName: string | null;
  assigneeName: string | null;
  documentName: string | null;
  batchName: string | null;
  invoiceNumber: string | null;
  invoicePurpose: 'quota' | 'plan' | null;
};

/** What a ticket mail needs of a user: the address, the language and the name. */
const MAIL_CONTACT = {
  id: users.id,
  email: users.email,
  language: users.language,
  name: users.fullName,
};

/** All SQL of tickets; every read goes through the caller's scope (another's ticket: none). */

const viewQuery = (db: TDbOrTx) =>
  db
    .select(listColumns)
    .from(tickets)
    .innerJoin(owner, eq(owner.id, tickets.userId))
    .leftJoin(companies, eq(companies.id, tickets.companyId))
    .leftJoin(assignee, eq(assignee.id, tickets.assigneeUserId))
    .leftJoin(documents, eq(documents.id, tickets.documentId))
    .leftJoin(batches, eq(batches.id, tickets.batchId))
    .leftJoin(invoices, eq(invoices.id, tickets.invoiceId));

export const page = async (
  db: TDbOrTx,
  scope: TTicketScope,
  query: TTicketQuery,
  assigneeId: number | null,
) => {
  const where = and(
    scopeWhere(scope),
    query.status ? eq(tickets.status, query.status) : undefined,
    query.level ? eq(tickets.level, query.level) : undefined,
    assigneeId !== null ? eq(tickets.assigneeUserId, assigneeId) : undefined,
    query.search
      ? or(containsText(tickets.subject, query.search), containsText(owner.fullName, query.search))
      : undefined,
  );
  const { rows, total } = await pageOf(
    viewQuery(db).where(where).orderBy(desc(tickets.updatedAt), desc(tickets.id)).$dynamic(),
    query,
    countOf(
      db
        .select({ n: count() })
        .from(tickets)
        .innerJoin(owner, eq(owner.id, tickets.userId))
        .where(where),
    ),
  );
  return { rows: rows as TTicketView[], total };
};

export const find = async (
  db: TDbOrTx,
  scope: TTicketScope,
  id: number,
): Promise<TTicketView | undefined> => {
  const [row] = await viewQuery(db).where(and(eq(tickets.id, id), scopeWhere(scope)));
  return row as TTicketView | undefined;
};

/** The timeline, oldest first; internal notes only when `withNotes`. */
export const timeline = async (db: TDbOrTx, ticketId: number, withNotes: boolean) => {
  const entries = await db
    .select({ entry: ticketEntries, authorName: users.fullName })
    .from(ticketEntries)
    .innerJoin(users, eq(users.id, ticketEntries.authorUserId))
    .where(
      and(
        eq(ticketEntries.ticketId, ticketId),
        withNotes ? undefined : ne(ticketEntries.kind, 'note'),
      ),
    )
    .orderBy(asc(ticketEntries.id));
  const ids = entries.map((e) => e.entry.id);
  const files = ids.length
    ? await db
        .select()
        .from(ticketAttachments)
        .where(inArray(ticketAttachments.entryId, ids))
        .orderBy(asc(ticketAttachments.id))
    : [];
  return { entries, files };
};

/**
 * Whether the caller may link a record: their own document, batch or invoice, or (company
 * admins, `companyId` set) one of their company's.
 */
export const linkable = async (
  db: TDbOrTx,
  what: 'document' | 'batch' | 'invoice',
  id: number,
  userId: number,
  companyId: number | null,
) => {
  const [table, ownerColumn] =
    what === 'document'
      ? [documents, documents.ownerUserId]
      : what === 'batch'
        ? [batches, batches.ownerUserId]
        : [invoices, invoices.userId];
  return anyWhere(
    db,
    table,
    and(
      eq(table.id, id),
      companyId !== null
        ? or(eq(ownerColumn, userId), eq(table.companyId, companyId))
        : eq(ownerColumn, userId),
    ),
  );
};

/** The ticket, its first message and the message's files, in one transaction. */
export const create = (
  db: TDb,
  ticket: Omit<typeof tickets.$inferInsert, 'id'>,
  files: TNewAttachment[],
) =>
  db.transaction(async (tx) => {
    const row = await insertOne(tx, tickets, ticket);
    const entry = await insertOne(tx, ticketEntries, {
      ticketId: row.id,
      authorUserId: ticket.userId,
      kind: 'message',
      fromSupport: false,
      body: ticket.description,
    });
    if (files.length) {
      await tx
        .insert(ticketAttachments)
        .values(files.map((f) => ({ ...f, ticketId: row.id, entryId: entry.id })));
    }
    return { ticket: row, entry };
  });

/**
 * Adds entries (a message with its files, status/level/assign changes) and applies `change`
 * to the ticket, only while it is still in `expected` status (so a race loses cleanly).
 * Returns the inserted entries, or null when the ticket changed meanwhile.
 */
export const apply = (
  db: TDb,
  ticketId: number,
  expected: TTicketStatus,
  change: Partial<{
    status: TTicketStatus;
    level: TTicketLevel;
    assigneeUserId: number | null;
  }>,
  entries: { entry: TNewEntry; files?: TNewAttachment[] }[],
) =>
  db.transaction(async (tx) => {
    const updated = await tx
      .update(tickets)
      .set({ ...change, updatedAt: new Date() })
      .where(and(eq(tickets.id, ticketId), eq(tickets.status, expected)))
      .returning({ id: tickets.id });
    if (updated.length === 0) return null;
    const inserted: TEntryRow[] = [];
    for (const { entry, files } of entries) {
      const row = await insertOne(tx, ticketEntries, { ...entry, ticketId });
      inserted.push(row);
      if (files?.length) {
        await tx
          .insert(ticketAttachments)
          .values(files.map((f) => ({ ...f, ticketId, entryId: row.id })));
      }
    }
    return inserted;
  });

export const attachment = (db: TDbOrTx, ticketId: number, attachmentId: number) =>
  firstOf(
    db
      .select({ file: ticketAttachments, kind: ticketEntries.kind })
      .from(ticketAttachments)
      .innerJoin(ticketEntries, eq(ticketEntries.id, ticketAttachments.entryId))
      .where(and(eq(ticketAttachments.id, attachmentId), eq(ticketAttachments.ticketId, ticketId))),
  );

/** Support accounts (super) that get new tickets and customer replies. */
export const supportUsers = (db: TDbOrTx) =>
  db
    .select(MAIL_CONTACT)
    .from(users)
    .where(and(eq(users.role, 'super'), isNull(users.deactivatedAt)));

export const userById = (db: TDbOrTx, id: number) =>
  firstOf(db.select(MAIL_CONTACT).from(users).where(eq(users.id, id)));

export const entry = (db: TDbOrTx, id: number) =>
  firstOf(
    db
      .select({ entry: ticketEntries, authorName: users.fullName, ticket: tickets })
      .from(ticketEntries)
      .innerJoin(users, eq(users.id, ticketEntries.authorUserId))
      .innerJoin(tickets, eq(tickets.id, ticketEntries.ticketId))
      .where(eq(ticketEntries.id, id)),
  );
