import { z } from 'zod';
import type { TDb } from '../../db/client.ts';
import type { TJobs } from '../../jobs/jobs.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { TMail, TMailer } from '../mail/index.ts';
import { layout, type TMailLanguage } from '../mail/index.ts';
import type { TNotifier } from '../notifications/index.ts';
import * as repo from './tickets.repository.ts';

export const TICKET_MAIL_QUEUE = 'ticket-mail';

const EVENTS = ['created', 'reply', 'status', 'customer-status'] as const;
type TEvent = (typeof EVENTS)[number];

const STATUS_ID: Record<string, string> = {
  Open: 'Terbuka',
  'On Progress': 'Sedang diproses',
  Pending: 'Menunggu jawaban Anda',
  Closed: 'Ditutup',
};

/** What happened, in a line per language (mail subject and notification header). */
const headline = (
  event: TEvent,
  ticket: repo.TTicketRow,
  entry: repo.TEntryRow,
  language: TMailLanguage,
) => {
  const ref = `#${ticket.id} ${ticket.subject}`;
  const to = entry.toValue ?? '';
  if (language === 'id') {
    if (event === 'created') return `Tiket baru ${ref}`;
    if (event === 'reply') return `Balasan baru pada tiket ${ref}`;
    return `Status tiket ${ref}: ${STATUS_ID[to] ?? to}`;
  }
  if (event === 'created') return `New ticket ${ref}`;
  if (event === 'reply') return `New reply on ticket ${ref}`;
  return `Ticket ${ref} is now ${to}`;
};

const ticketMail = (
  event: TEvent,
  ticket: repo.TTicketRow,
  entry: repo.TEntryRow,
  authorName: string,
  to: { email: string; name: string; language: TMailLanguage },
  link: string,
): TMail => {
  const en = to.language === 'en';
  const subject = headline(event, ticket, entry, to.language);
  const hello = en ? `Hello ${to.name},` : `Halo ${to.name},`;
  const by = en ? `${authorName} wrote:` : `${authorName} menulis:`;
  const open = en ? 'Open the ticket:' : 'Buka tiket:';
  const quote = entry.kind === 'message' ? entry.body : '';
  return {
    to: to.email,
    subject,
    text: `${hello}\n\n${subject}\n\n${quote ? `${by}\n${quote}\n\n` : ''}${open} ${link}\n`,
    html: layout(
      subject,
      `<p>${escapeHtml(hello)}</p>${
        quote
          ? `<p>${escapeHtml(by)}</p><blockquote style="border-left:3px solid #ccc;padding-left:12px;white-space:pre-wrap">${escapeHtml(quote)}</blockquote>`
          : ''
      }<p>${escapeHtml(open)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    ),
    template: `ticket-${event}`,
    meta: { ticketId: ticket.id, entryId: entry.id, language: to.language },
  };
};

/** One recipient's e-mail about one entry. */
const ZTicketMailJob = z.object({
  entryId: z.number().int(),
  userId: z.number().int(),
  event: z.enum(EVENTS),
});

/**
 * Ticket e-mail and in-app notices. `announce` decides who hears about an entry and queues one
 * `ticket-mail` job per recipient (singleton per entry and recipient) and one notification; the
 * job reads the entry back and sends the mail through the Mailer (outbox or SMTP).
 */
export const createTicketEvents = (deps: {
  db: TDb;
  jobs: TJobs;
  mailer: TMailer;
  notifier: TNotifier;
  publicUrl: string;
}) => {
  const { db } = deps;
  const linkOf = (ticketId: number) => `/support/ticket/${ticketId}`;
  const queue = deps.jobs.define({
    name: TICKET_MAIL_QUEUE,
    schema: ZTicketMailJob,
    handler: async ({ entryId, userId, event }) => {
      const found = await repo.entry(db, entryId);
      const user = await repo.userById(db, userId);
      if (!found || !user) return;
      const language: TMailLanguage = user.language === 'id' ? 'id' : 'en';
      await deps.mailer.send(
        ticketMail(
          event,
          found.ticket,
          found.entry,
          found.authorName,
          { email: user.email, name: user.name, language },
          `${deps.publicUrl.replace(/\/$/, '')}${linkOf(found.ticket.id)}`,
        ),
      );
    },
    options: { concurrency: 2 },
  });

  const tell = async (
    event: TEvent,
    ticket: repo.TTicketRow,
    entry: repo.TEntryRow,
    recipients: { id: number; language: string }[],
    mail: boolean,
  ) => {
    for (const r of recipients) {
      const language: TMailLanguage = r.language === 'id' ? 'id' : 'en';
      await deps.notifier.notify({
        userId: r.id,
        key: `ticket-entry:${entry.id}`,
        header: headline(event, ticket, entry, language),
        content:
          entry.kind === 'message'
            ? entry.body.slice(0, 300)
            : language === 'id'
              ? (STATUS_ID[entry.toValue ?? ''] ?? entry.toValue ?? '')
              : (entry.toValue ?? ''),
        link: linkOf(ticket.id),
      });
      if (mail) {
        await queue.send(
          { entryId: entry.id, userId: r.id, event },
          { singletonKey: `${entry.id}:${r.id}` },
        );
      }
    }
  };

  /** Support's side: the assignee when there is one, else every support account. */
  const support = async (ticket: repo.TTicketRow) => {
    const all = await repo.supportUsers(db);
    const assigned = all.filter((u) => u.id === ticket.assigneeUserId);
    return assigned.length ? assigned : all;
  };

  return {
    /** Call after the entries are committed (never inside a transaction). */
    announce: async (ticket: repo.TTicketRow, entries: repo.TEntryRow[], created = false) => {
      for (const entry of entries) {
        if (entry.kind === 'message' && !entry.fromSupport) {
          await tell(created ? 'created' : 'reply', ticket, entry, await support(ticket), true);
        } else if (entry.kind === 'message') {
          const owner = await repo.userById(db, ticket.userId);
          if (owner) await tell('reply', ticket, entry, [owner], true);
        } else if (entry.kind === 'status' && entry.fromSupport) {
          const owner = await repo.userById(db, ticket.userId);
          if (owner) await tell('status', ticket, entry, [owner], true);
        } else if (entry.kind === 'status') {
          await tell('customer-status', ticket, entry, await support(ticket), false);
        }
      }
    },
  };
};

export type TTicketEvents = ReturnType<typeof createTicketEvents>;
