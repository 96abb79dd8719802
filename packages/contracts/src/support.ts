import { z } from 'zod';
import { ZBodyId, ZDbId, ZPaged, ZPageQuery } from './envelope.ts';

/** Ticket statuses (spec §3 mock: On Progress, Close, Pending; plus Open and the reopen move). */
export const TICKET_STATUSES = ['Open', 'On Progress', 'Pending', 'Closed'] as const;
export const ZTicketStatus = z.enum(TICKET_STATUSES);
export type TTicketStatus = z.infer<typeof ZTicketStatus>;

export const TICKET_LEVELS = ['High', 'Medium', 'Low'] as const;
export const ZTicketLevel = z.enum(TICKET_LEVELS);
export type TTicketLevel = z.infer<typeof ZTicketLevel>;

export const TICKET_CATEGORIES = [
  'stamping',
  'e-signature',
  'quota-payment',
  'account',
  'other',
] as const;
export const ZTicketCategory = z.enum(TICKET_CATEGORIES);
export type TTicketCategory = z.infer<typeof ZTicketCategory>;

/** Attachments: PDF, PNG, JPEG (checked by content), at most this many and this large each. */
export const TICKET_ATTACHMENT_MAX_FILES = 5;
export const TICKET_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const TICKET_ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

/** The text fields of a new ticket (multipart fields next to the `attachments` files). */
export const ZTicketCreate = z.object({
  subject: z.string().trim().min(3).max(200),
  category: ZTicketCategory,
  level: ZTicketLevel,
  description: z.string().trim().min(1).max(5000),
  /** Optional links to one of the customer's own documents, batches or invoices. */
  document_id: ZDbId.optional(),
  batch_id: ZDbId.optional(),
  invoice_id: ZDbId.optional(),
});
export type TTicketCreate = z.infer<typeof ZTicketCreate>;

/** A reply (multipart fields): `internal` notes are for support only (super). */
export const ZTicketReply = z.object({
  ticket_id: ZDbId,
  message: z.string().trim().min(1).max(5000),
  internal: z.enum(['true', 'false']).optional(),
});
export type TTicketReply = z.infer<typeof ZTicketReply>;

/** `{ ticket_id }` of a JSON body (re-open, close). */
export const ZTicketIdBody = z.object({ ticket_id: ZBodyId });

/** Support's changes to a ticket (super): status, level, assignee (`me` or nobody). */
export const ZTicketUpdate = z
  .object({
    status: ZTicketStatus.optional(),
    level: ZTicketLevel.optional(),
    assignee: z.enum(['me', 'none']).optional(),
  })
  .refine((v) => v.status !== undefined || v.level !== undefined || v.assignee !== undefined, {
    message: 'Nothing to change',
  });
export type TTicketUpdate = z.infer<typeof ZTicketUpdate>;

export const ZTicketQuery = ZPageQuery.extend({
  status: ZTicketStatus.optional(),
  level: ZTicketLevel.optional(),
  /** Super: only tickets assigned to itself. */
  mine: z.enum(['true', 'false']).optional(),
});
export type TTicketQuery = z.infer<typeof ZTicketQuery>;

export const ZTicketAttachment = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export type TTicketAttachment = z.infer<typeof ZTicketAttachment>;

export const ZTicket = z.object({
  id: z.number().int(),
  subject: z.string(),
  category: ZTicketCategory,
  level: ZTicketLevel,
  status: ZTicketStatus,
  user_id: z.number().int(),
  user_name: z.string(),
  company_name: z.string().nullable(),
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
  document_id: z.number().int().nullable(),
  document_name: z.string().nullable(),
  batch_id: z.number().int().nullable(),
  batch_name: z.string().nullable(),
  invoice_id: z.number().int().nullable(),
  invoice_number: z.string().nullable(),
  /** Which invoice page opens it: `/quota/invoice/{id}` or `/plan/invoice/{id}`. */
  invoice_purpose: z.enum(['quota', 'plan']).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TTicket = z.infer<typeof ZTicket>;

export const TICKET_ENTRY_KINDS = ['message', 'note', 'status', 'level', 'assign'] as const;

/** One step of the timeline: a message (with attachments), an internal note, or a change. */
export const ZTicketEntry = z.object({
  id: z.number().int(),
  kind: z.enum(TICKET_ENTRY_KINDS),
  author_id: z.number().int(),
  author_name: z.string(),
  /** Written by support (super) rather than the customer. */
  from_support: z.boolean(),
  body: z.string(),
  from_value: z.string().nullable(),
  to_value: z.string().nullable(),
  attachments: z.array(ZTicketAttachment),
  created_at: z.string(),
});
export type TTicketEntry = z.infer<typeof ZTicketEntry>;

export const ZTicketDetail = ZTicket.extend({
  description: z.string(),
  timeline: z.array(ZTicketEntry),
});
export type TTicketDetail = z.infer<typeof ZTicketDetail>;

export const ZTicketList = ZPaged(ZTicket);
export const ZTicketResponse = z.object({ message: z.string(), data: ZTicketDetail });

export const ZAttachmentParams = z.object({ id: ZDbId, attachmentId: ZDbId });
export const ZAttachmentQuery = z.object({ download: z.enum(['true', 'false']).optional() });

/* ---- FAQ and knowledge base ---- */

export const SUPPORT_LANGUAGES = ['en', 'id'] as const;
export const ZSupportLanguage = z.enum(SUPPORT_LANGUAGES);
export const ZArticleKind = z.enum(['faq', 'article']);
export type TArticleKind = z.infer<typeof ZArticleKind>;

export const ZArticleQuery = z.object({
  language: ZSupportLanguage.default('en'),
  search: z.string().max(200).optional(),
  topic: z.string().max(80).optional(),
});
export type TArticleQuery = z.infer<typeof ZArticleQuery>;

export const ZArticle = z.object({
  id: z.number().int(),
  kind: ZArticleKind,
  language: ZSupportLanguage,
  topic: z.string(),
  title: z.string(),
  /** Markdown as written. */
  body: z.string(),
  /** The Markdown rendered and sanitised (no script, no event handler, no javascript: link). */
  body_html: z.string(),
  published: z.boolean(),
  helpful_yes: z.number().int(),
  helpful_no: z.number().int(),
  updated_at: z.string(),
});
export type TArticle = z.infer<typeof ZArticle>;

export const ZArticleWrite = z.object({
  kind: ZArticleKind,
  language: ZSupportLanguage,
  topic: z.string().trim().min(1).max(80),
  title: z.string().trim().min(3).max(200),
  body: z.string().trim().min(1).max(20000),
  published: z.boolean(),
});
export type TArticleWrite = z.infer<typeof ZArticleWrite>;

export const ZArticleList = z.object({ message: z.string(), data: z.array(ZArticle) });
export const ZArticleResponse = z.object({ message: z.string(), data: ZArticle });
export const ZArticleFeedback = z.object({ helpful: z.boolean() });

/* ---- notifications ---- */

/** Spec §3: id, header, content, date; plus where it leads and whether it was read. */
export const ZNotification = z.object({
  id: z.number().int(),
  header: z.string(),
  content: z.string(),
  date: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;
/** The raw list (spec §7: no envelope), newest first. */
export const ZNotificationList = z.array(ZNotification);
export const ZNotificationUnread = z.object({ unread: z.number().int() });
