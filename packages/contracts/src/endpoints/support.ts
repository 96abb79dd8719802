import { ZMessageResponse } from '../auth.ts';
import { endpoint } from '../endpoint.ts';
import { ZDbIdParams } from '../envelope.ts';
import {
  ZArticleFeedback,
  ZArticleList,
  ZArticleQuery,
  ZArticleResponse,
  ZArticleWrite,
  ZAttachmentParams,
  ZAttachmentQuery,
  ZTicketIdBody,
  ZTicketList,
  ZTicketQuery,
  ZTicketResponse,
  ZTicketUpdate,
} from '../support.ts';

const multipart = ['multipart/form-data'] as const;

/**
 * Support tickets (spec §7 Tickets). Every call uses the caller's session: the fixed embedded
 * credential of the original ticket-details call (a defect, spec §7) does not exist here.
 */
export const TICKET_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/api/tickets',
    tags: ['tickets'],
    summary:
      'Tickets, newest activity first: own (company admins: the company’s; super: every company), filter by status and level, search subject',
    access: 'signed-in',
    query: ZTicketQuery,
    response: { 200: ZTicketList },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/tickets',
    tags: ['tickets'],
    summary:
      'Open a ticket: multipart fields subject, category, level, description, optional document_id, batch_id, invoice_id (the caller’s own), then up to 5 `attachments` (PDF, PNG, JPEG by content, 5 MB each)',
    access: 'signed-in',
    consumes: multipart,
    response: { 201: ZTicketResponse },
  }),
  reply: endpoint({
    method: 'POST',
    path: '/api/tickets/reply',
    tags: ['tickets'],
    summary:
      'Reply: multipart fields ticket_id, message, internal (super only: a note the customer never sees), then `attachments`',
    access: 'signed-in',
    consumes: multipart,
    response: { 201: ZTicketResponse },
  }),
  reopen: endpoint({
    method: 'POST',
    path: '/api/tickets/re-open',
    tags: ['tickets'],
    summary: 'Reopen a closed ticket',
    access: 'signed-in',
    body: ZTicketIdBody,
    response: { 200: ZTicketResponse },
  }),
  close: endpoint({
    method: 'POST',
    path: '/api/tickets/close',
    tags: ['tickets'],
    summary: 'Close a ticket',
    access: 'signed-in',
    body: ZTicketIdBody,
    response: { 200: ZTicketResponse },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/tickets/:id',
    tags: ['tickets'],
    summary: 'Support (super): change status or level, assign to itself or to nobody',
    access: ['super'],
    params: ZDbIdParams,
    body: ZTicketUpdate,
    response: { 200: ZTicketResponse },
  }),
  details: endpoint({
    method: 'GET',
    path: '/api/ticket-details/:id',
    tags: ['tickets'],
    summary: 'A ticket and its timeline (internal notes only for support)',
    access: 'signed-in',
    params: ZDbIdParams,
    response: { 200: ZTicketResponse },
  }),
  detailsReply: endpoint({
    method: 'POST',
    path: '/api/ticket-details',
    tags: ['tickets'],
    summary: 'Reply from the ticket page: the same multipart fields as /api/tickets/reply',
    access: 'signed-in',
    consumes: multipart,
    response: { 201: ZTicketResponse },
  }),
  attachment: endpoint({
    method: 'GET',
    path: '/api/ticket-details/:id/attachments/:attachmentId',
    tags: ['tickets'],
    summary: 'One attachment, inline (preview) or as a download (`download=true`)',
    access: 'signed-in',
    raw: true,
    params: ZAttachmentParams,
    query: ZAttachmentQuery,
    response: {},
  }),
} as const;

/** FAQ and knowledge base: read by every signed-in user, written by super. */
export const SUPPORT_CONTENT_ENDPOINTS = {
  faq: endpoint({
    method: 'GET',
    path: '/api/support/faq',
    tags: ['support-content'],
    summary: 'FAQ entries in one language, by topic; search over questions and answers',
    access: 'signed-in',
    query: ZArticleQuery,
    response: { 200: ZArticleList },
  }),
  articles: endpoint({
    method: 'GET',
    path: '/api/support/knowledge-base',
    tags: ['support-content'],
    summary: 'Knowledge-base articles in one language; search over titles and bodies',
    access: 'signed-in',
    query: ZArticleQuery,
    response: { 200: ZArticleList },
  }),
  article: endpoint({
    method: 'GET',
    path: '/api/support/knowledge-base/:id',
    tags: ['support-content'],
    summary: 'One article (or FAQ entry), its body rendered safely',
    access: 'signed-in',
    params: ZDbIdParams,
    response: { 200: ZArticleResponse },
  }),
  feedback: endpoint({
    method: 'POST',
    path: '/api/support/knowledge-base/:id/feedback',
    tags: ['support-content'],
    summary: '“Was this helpful?”',
    access: 'signed-in',
    params: ZDbIdParams,
    body: ZArticleFeedback,
    response: { 200: ZMessageResponse },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/support/content',
    tags: ['support-content'],
    summary: 'Write an FAQ entry or article (super)',
    access: ['super'],
    body: ZArticleWrite,
    response: { 201: ZArticleResponse },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/support/content/:id',
    tags: ['support-content'],
    summary: 'Change an FAQ entry or article (super)',
    access: ['super'],
    params: ZDbIdParams,
    body: ZArticleWrite,
    response: { 200: ZArticleResponse },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/support/content/:id',
    tags: ['support-content'],
    summary: 'Delete an FAQ entry or article (super)',
    access: ['super'],
    params: ZDbIdParams,
    response: { 200: ZMessageResponse },
  }),
} as const;
