import {
  isCompanyAdmin,
  type TTicket,
  type TTicketAttachment,
  type TTicketCreate,
  type TTicketDetail,
  type TTicketQuery,
  type TTicketStatus,
  type TTicketUpdate,
  ZTicketCreate,
  ZTicketReply,
} from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import { AppError, foundOr404 } from '../../lib/app-error.ts';
import type { TReceivedFile } from '../../lib/upload-parts.ts';
import { parseFormFields } from '../../lib/uploads.ts';
import type { TAuth } from '../../plugins/auth.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import { storeAttachments } from './ticket-files.ts';
import type { TTicketEvents } from './ticket-mail.ts';
import * as repo from './tickets.repository.ts';

const isSupport = (auth: TAuth) => auth.role === 'super';

const scopeOf = (auth: TAuth): repo.TTicketScope => {
  if (isSupport(auth)) return { kind: 'all' };
  if (isCompanyAdmin(auth.role) && auth.companyId !== null)
    return { kind: 'company', companyId: auth.companyId };
  return { kind: 'user', userId: auth.userId };
};

const toWire = (v: repo.TTicketView): TTicket => ({
  id: v.ticket.id,
  subject: v.ticket.subject,
  category: v.ticket.category,
  level: v.ticket.level,
  status: v.ticket.status,
  user_id: v.ticket.userId,
  user_name: v.ownerName,
  company_name: v.companyName,
  assignee_id: v.ticket.assigneeUserId,
  assignee_name: v.assigneeName,
  document_id: v.ticket.documentId,
  document_name: v.documentName,
  batch_id: v.ticket.batchId,
  batch_name: v.batchName,
  invoice_id: v.ticket.invoiceId,
  invoice_number: v.invoiceNumber,
  invoice_purpose: v.invoicePurpose,
  created_at: v.ticket.createdAt.toISOString(),
  updated_at: v.ticket.updatedAt.toISOString(),
});

const changed = () =>
  new AppError('CONFLICT', 'The ticket changed meanwhile; reload it and try again');

export const createTicketsService = (deps: {
  db: TDb;
  files: TFileStore;
  events: TTicketEvents;
}) => {
  const { db } = deps;

  const load = async (auth: TAuth, id: number) =>
    foundOr404(await repo.find(db, scopeOf(auth), id), 'Ticket');

  const detail = async (auth: TAuth, id: number): Promise<TTicketDetail> => {
    const view = await load(auth, id);
    const { entries, files } = await repo.timeline(db, id, isSupport(auth));
    const attachmentsOf = (entryId: number): TTicketAttachment[] =>
      files
        .filter((f) => f.entryId === entryId)
        .map((f) => ({ id: f.id, name: f.name, mime: f.mime, size: f.size }));
    return {
      ...toWire(view),
      description: view.ticket.description,
      timeline: entries.map(({ entry, authorName }) => ({
        id: entry.id,
        kind: entry.kind,
        author_id: entry.authorUserId,
        author_name: authorName,
        from_support: entry.fromSupport,
        body: entry.body,
        from_value: entry.fromValue,
        to_value: entry.toValue,
        attachments: attachmentsOf(entry.id),
        created_at: entry.createdAt.toISOString(),
      })),
    };
  };

  /**
   * Applies entries and a change while the ticket is still in `view`'s status, then announces
   * them (mail and notifications) after the commit. Stored files are removed if nothing applied.
   */
  const apply = async (
    auth: TAuth,
    view: repo.TTicketView,
    change: Parameters<typeof repo.apply>[3],
    entries: Parameters<typeof repo.apply>[4],
    discard?: () => Promise<void>,
  ) => {
    let inserted: Awaited<ReturnType<typeof repo.apply>>;
    try {
      inserted = await repo.apply(db, view.ticket.id, view.ticket.status, change, entries);
    } catch (error) {
      await discard?.();
      throw error;
    }
    if (!inserted) {
      await discard?.();
      throw changed();
    }
    const after = await load(auth, view.ticket.id);
    await deps.events.announce(after.ticket, inserted);
    return detail(auth, view.ticket.id);
  };

  /** Links only to the caller's own records (company admins: the company's); others are 404. */
  const checkLinks = async (auth: TAuth, input: TTicketCreate) => {
    const companyId = isCompanyAdmin(auth.role) ? auth.companyId : null;
    const links = [
      ['document', input.document_id, 'Document'],
      ['batch', input.batch_id, 'Batch'],
      ['invoice', input.invoice_id, 'Invoice'],
    ] as const;
    for (const [what, id, name] of links) {
      if (id !== undefined && !(await repo.linkable(db, what, id, auth.userId, companyId))) {
        throw AppError.notFound(name);
      }
    }
  };

  const statusEntry = (auth: TAuth, from: TTicketStatus, to: TTicketStatus): repo.TNewEntry => ({
    authorUserId: auth.userId,
    kind: 'status',
    fromSupport: isSupport(auth),
    fromValue: from,
    toValue: to,
  });

  return {
    list: async (auth: TAuth, query: TTicketQuery) => {
      const mine = isSupport(auth) && query.mine === 'true' ? auth.userId : null;
      const { rows, total } = await repo.page(db, scopeOf(auth), query, mine);
      return { data: rows.map(toWire), meta: { page: query.page, perPage: query.perPage, total } };
    },

    detail,

    create: async (auth: TAuth, fields: Record<string, string>, received: TReceivedFile[]) => {
      const input: TTicketCreate = parseFormFields(ZTicketCreate, fields);
      await checkLinks(auth, input);
      const { stored, discard } = await storeAttachments(deps.files, received);
      let created: Awaited<ReturnType<typeof repo.create>>;
      try {
        created = await repo.create(
          db,
          {
            userId: auth.userId,
            companyId: auth.companyId,
            subject: input.subject,
            description: input.description,
            category: input.category,
            level: input.level,
            documentId: input.document_id ?? null,
            batchId: input.batch_id ?? null,
            invoiceId: input.invoice_id ?? null,
          },
          stored,
        );
      } catch (error) {
        await discard();
        throw error;
      }
      await deps.events.announce(created.ticket, [created.entry], true);
      return detail(auth, created.ticket.id);
    },

    reply: async (auth: TAuth, fields: Record<string, string>, received: TReceivedFile[]) => {
      const input = parseFormFields(ZTicketReply, fields);
      const view = await load(auth, input.ticket_id);
      const internal = input.internal === 'true';
      if (internal && !isSupport(auth)) throw AppError.forbidden();
      if (view.ticket.status === 'Closed') {
        throw new AppError('CONFLICT', 'This ticket is closed; reopen it to reply', {
          ticket_id: 'closed',
        });
      }
      const { stored, discard } = await storeAttachments(deps.files, received);
      const entries: Parameters<typeof repo.apply>[4] = [
        {
          entry: {
            authorUserId: auth.userId,
            kind: internal ? 'note' : 'message',
            fromSupport: isSupport(auth),
            body: input.message,
          },
          files: stored,
        },
      ];
      // A customer's answer to "Pending" puts the ticket back in support's hands; support's first
      // public answer takes an Open ticket in progress.
      const from = view.ticket.status;
      const to: TTicketStatus | null = internal
        ? null
        : !isSupport(auth) && from === 'Pending'
          ? 'On Progress'
          : isSupport(auth) && from === 'Open'
            ? 'On Progress'
            : null;
      if (to) entries.push({ entry: statusEntry(auth, from, to) });
      return apply(auth, view, to ? { status: to } : {}, entries, discard);
    },

    close: async (auth: TAuth, id: number) => {
      const view = await load(auth, id);
      if (view.ticket.status === 'Closed') {
        throw new AppError('CONFLICT', 'This ticket is already closed');
      }
      return apply(auth, view, { status: 'Closed' }, [
        { entry: statusEntry(auth, view.ticket.status, 'Closed') },
      ]);
    },

    reopen: async (auth: TAuth, id: number) => {
      const view = await load(auth, id);
      if (view.ticket.status !== 'Closed') {
        throw new AppError('CONFLICT', 'Only a closed ticket can be reopened');
      }
      return apply(auth, view, { status: 'Open' }, [
        { entry: statusEntry(auth, 'Closed', 'Open') },
      ]);
    },

    /** Support's changes: status, level, assignee; each one a timeline entry. */
    update: async (auth: TAuth, id: number, body: TTicketUpdate) => {
      const view = await load(auth, id);
      const change: Parameters<typeof repo.apply>[3] = {};
      const entries: Parameters<typeof repo.apply>[4] = [];
      if (body.status && body.status !== view.ticket.status) {
        change.status = body.status;
        entries.push({ entry: statusEntry(auth, view.ticket.status, body.status) });
      }
      if (body.level && body.level !== view.ticket.level) {
        change.level = body.level;
        entries.push({
          entry: {
            authorUserId: auth.userId,
            kind: 'level',
            fromSupport: true,
            fromValue: view.ticket.level,
            toValue: body.level,
          },
        });
      }
      if (body.assignee) {
        const assigneeUserId = body.assignee === 'me' ? auth.userId : null;
        if (assigneeUserId !== view.ticket.assigneeUserId) {
          change.assigneeUserId = assigneeUserId;
          entries.push({
            entry: {
              authorUserId: auth.userId,
              kind: 'assign',
              fromSupport: true,
              fromValue: view.assigneeName,
              toValue: assigneeUserId
                ? ((await repo.userById(db, auth.userId))?.name ?? null)
                : null,
            },
          });
        }
      }
      if (entries.length === 0) return detail(auth, id);
      return apply(auth, view, change, entries);
    },

    /** One attachment of a visible ticket (an internal note's files only for support). */
    attachment: async (auth: TAuth, id: number, attachmentId: number) => {
      await load(auth, id);
      const found = await repo.attachment(db, id, attachmentId);
      if (!found || (found.kind === 'note' && !isSupport(auth))) throw AppError.notFound('File');
      return found.file;
    },
  };
};

export type TTicketsService = ReturnType<typeof createTicketsService>;
