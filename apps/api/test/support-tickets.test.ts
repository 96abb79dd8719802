import type { TNotification, TTicket, TTicketDetail } from '@bubuh/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemo } from '../src/demo/seed.ts';
import { callAs, login } from './auth-helpers.ts';
import { makePdf } from './documents-helpers.ts';
import { createTestContext, RELAXED_LIMITS, type TTestContext } from './helpers.ts';
import { startSmtpServer, type TReceivedMail, verifiedOverSmtp } from './smtp-helpers.ts';
import { openTicket, postForm } from './support-helpers.ts';

type TS = Awaited<ReturnType<typeof login>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let received: TReceivedMail[];
let ctx: TTestContext;
const as: Record<string, TS> = {};
let png: Buffer;
let pdf: Buffer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  received = smtp.received;
  ctx = await createTestContext({ env: { ...RELAXED_LIMITS }, mailer: smtp.mailer });
  await seedDemo(ctx.database.db, { password: 'Demo#2026!' });
  for (const who of ['user', 'payu', 'personal', 'super']) {
    as[who] = await login(ctx, `${who}@demo.local`, 'Demo#2026!');
  }
  // The outsider verifies its address with the code that arrived over SMTP.
  as.outsider = await login(ctx, await verifiedOverSmtp(ctx, received));
  png = await sharp({
    create: { width: 40, height: 20, channels: 3, background: '#ff0000' },
  })
    .png()
    .toBuffer();
  pdf = await makePdf(1);
});

afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const details = async (session: TS, id: number) => {
  const res = await callAs(ctx, session, 'GET', `/api/ticket-details/${id}`);
  return { status: res.statusCode, data: (res.json() as { data: TTicketDetail }).data };
};

const notificationsOf = async (session: TS) => {
  const res = await callAs(ctx, session, 'GET', '/api/notification/list/all-data');
  expect(res.statusCode).toBe(200);
  return res.json() as TNotification[];
};

/** GET the attachment `fileId` of the ticket `ticketId` as `who`. */
const attachmentAs = (who: TS, ticketId: number, fileId: number | undefined) =>
  callAs(ctx, who, 'GET', `/api/ticket-details/${ticketId}/attachments/${fileId}`);

/** Waits until support (super@demo.local) has received a mail containing `text`. */
const supportMailed = (text: string) =>
  vi.waitFor(
    () =>
      expect(received.some((m) => m.to.includes('super@demo.local') && m.raw.includes(text))).toBe(
        true,
      ),
    { timeout: 30_000, interval: 100 },
  );

describe('tickets', () => {
  it('opens a ticket with a PDF and an image; the customer and their company admin see it, others get 404', async () => {
    const t = await openTicket(ctx, as.user as TS, 'Stamp failed on contract', [
      { name: 'contract.pdf', content: pdf, type: 'application/pdf' },
      { name: 'screen.png', content: png, type: 'image/png' },
    ]);
    expect(t.status).toBe('Open');
    expect(t.timeline[0]?.attachments.map((a) => a.mime)).toEqual(['application/pdf', 'image/png']);
    const list = await callAs(ctx, as.payu as TS, 'GET', '/api/tickets?search=contract');
    const rows = (list.json() as { data: { data: TTicket[] } }).data.data;
    expect(rows.map((r) => r.id)).toContain(t.id);
    for (const who of ['personal', 'outsider'] as const) {
      expect((await details(as[who] as TS, t.id)).status).toBe(404);
      const foreign = await postForm(ctx, as[who] as TS, '/api/ticket-details', {
        ticket_id: String(t.id),
        message: 'let me in',
      });
      expect(foreign.statusCode).toBe(404);
    }
    const theirs = await callAs(ctx, as.personal as TS, 'GET', '/api/tickets');
    expect(
      (theirs.json() as { data: { data: TTicket[] } }).data.data.map((r) => r.id),
    ).not.toContain(t.id);
    // No embedded credential: without the session the calls are refused.
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/ticket-details/${t.id}` });
    expect(anonymous.statusCode).toBe(401);
    const anonymousPost = await postForm(ctx, null, '/api/ticket-details', {
      ticket_id: String(t.id),
      message: 'hi',
    });
    expect(anonymousPost.statusCode).toBe(401);
    // The attachment previews inline with its checked type.
    const file = t.timeline[0]?.attachments[1];
    const res = await attachmentAs(as.user as TS, t.id, file?.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(png)).toBe(true);
    const foreignFile = await attachmentAs(as.outsider as TS, t.id, file?.id);
    expect(foreignFile.statusCode).toBe(404);
  });

  it('refuses attachments whose content is not a PDF or image, or that are too large, and keeps no ticket', async () => {
    const before = await callAs(ctx, as.personal as TS, 'GET', '/api/tickets');
    const total = (before.json() as { data: { meta: { total: number } } }).data.meta.total;
    const fields = { subject: 'Bad file', category: 'other', level: 'Low', description: 'x' };
    const fake = await postForm(ctx, as.personal as TS, '/api/tickets', fields, [
      {
        name: 'invoice.pdf',
        content: Buffer.from('MZ this is an exe, not a pdf'),
        type: 'application/pdf',
      },
    ]);
    expect(fake.statusCode).toBe(415);
    expect(fake.json().errors.attachments).toMatch(/invoice\.pdf/);
    const big = Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await postForm(ctx, as.personal as TS, '/api/tickets', fields, [
      { name: 'big.pdf', content: big, type: 'application/pdf' },
    ]);
    expect(tooLarge.statusCode).toBe(413);
    const many = await postForm(
      ctx,
      as.personal as TS,
      '/api/tickets',
      fields,
      Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, content: png, type: 'image/png' })),
    );
    expect(many.statusCode).toBe(400);
    const after = await callAs(ctx, as.personal as TS, 'GET', '/api/tickets');
    expect((after.json() as { data: { meta: { total: number } } }).data.meta.total).toBe(total);
  });

  it('support works the ticket: internal notes never reach the customer; replies and status changes mail and notify them', async () => {
    const t = await openTicket(ctx, as.user as TS, 'Quota not returned');
    // support hears about the new ticket by mail
    await supportMailed('Quota not returned');
    const queue = await callAs(ctx, as.super as TS, 'GET', '/api/tickets?status=Open&level=High');
    expect((queue.json() as { data: { data: TTicket[] } }).data.data.map((r) => r.id)).toContain(
      t.id,
    );
    const assign = await callAs(ctx, as.super as TS, 'PATCH', `/api/tickets/${t.id}`, {
      assignee: 'me',
      level: 'Medium',
    });
    expect(assign.statusCode, assign.body).toBe(200);
    const note = await postForm(
      ctx,
      as.super as TS,
      '/api/tickets/reply',
      {
        ticket_id: String(t.id),
        message: 'SECRET-NOTE customer is on the old plan',
        internal: 'true',
      },
      [{ name: 'log.png', content: png, type: 'image/png' }],
    );
    expect(note.statusCode, note.body).toBe(201);
    const noteFile = (note.json() as { data: TTicketDetail }).data.timeline.find(
      (e) => e.kind === 'note',
    )?.attachments[0];
    const answer = await postForm(ctx, as.super as TS, '/api/ticket-details', {
      ticket_id: String(t.id),
      message: 'The unit is back in your department wallet.',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const pending = await callAs(ctx, as.super as TS, 'PATCH', `/api/tickets/${t.id}`, {
      status: 'Pending',
    });
    expect(pending.statusCode).toBe(200);

    const customer = await details(as.user as TS, t.id);
    expect(JSON.stringify(customer.data)).not.toContain('SECRET-NOTE');
    expect(customer.data.timeline.map((e) => e.kind)).not.toContain('note');
    expect(customer.data.status).toBe('Pending');
    expect(customer.data.level).toBe('Medium');
    expect(customer.data.assignee_name).toBe('Fajar Super');
    const statuses = customer.data.timeline.filter((e) => e.kind === 'status');
    expect(statuses.map((e) => [e.from_value, e.to_value, e.author_name])).toEqual([
      ['Open', 'On Progress', 'Fajar Super'],
      ['On Progress', 'Pending', 'Fajar Super'],
    ]);
    const hidden = await attachmentAs(as.user as TS, t.id, noteFile?.id);
    expect(hidden.statusCode).toBe(404);
    const internalByCustomer = await postForm(ctx, as.user as TS, '/api/tickets/reply', {
      ticket_id: String(t.id),
      message: 'sneaky',
      internal: 'true',
    });
    expect(internalByCustomer.statusCode).toBe(403);

    // mail and bell for the customer (reply + status changes), never the note
    await vi.waitFor(
      async () => {
        const mails = received.filter((m) => m.to.includes('user@demo.local'));
        expect(mails.some((m) => m.raw.includes('The unit is back'))).toBe(true);
        expect(mails.some((m) => /Pending/.test(m.raw))).toBe(true);
        expect(mails.some((m) => m.raw.includes('SECRET-NOTE'))).toBe(false);
        const bell = await notificationsOf(as.user as TS);
        expect(
          bell.filter((n) => n.link === `/support/ticket/${t.id}`).length,
        ).toBeGreaterThanOrEqual(3);
      },
      { timeout: 30_000, interval: 200 },
    );
    const unread = await callAs(ctx, as.user as TS, 'GET', '/api/notification/unread-count');
    expect(unread.json().unread).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(await notificationsOf(as.user as TS))).not.toContain('SECRET-NOTE');

    // customer answers: back in progress, support is mailed
    const reply = await postForm(ctx, as.user as TS, '/api/tickets/reply', {
      ticket_id: String(t.id),
      message: 'Thanks, I see it now',
    });
    expect((reply.json() as { data: TTicketDetail }).data.status).toBe('On Progress');
    await supportMailed('Thanks, I see it now');
  });

  it('closes and reopens; a closed ticket takes no reply; marks notifications read', async () => {
    const t = await openTicket(ctx, as.personal as TS, 'Close me');
    const close = await callAs(ctx, as.personal as TS, 'POST', '/api/tickets/close', {
      ticket_id: t.id,
    });
    expect((close.json() as { data: TTicketDetail }).data.status).toBe('Closed');
    const again = await callAs(ctx, as.personal as TS, 'POST', '/api/tickets/close', {
      ticket_id: t.id,
    });
    expect(again.statusCode).toBe(409);
    const reply = await postForm(ctx, as.personal as TS, '/api/tickets/reply', {
      ticket_id: String(t.id),
      message: 'hello?',
    });
    expect(reply.statusCode).toBe(409);
    const reopen = await callAs(ctx, as.personal as TS, 'POST', '/api/tickets/re-open', {
      ticket_id: t.id,
    });
    const data = (reopen.json() as { data: TTicketDetail }).data;
    expect(data.status).toBe('Open');
    expect(data.timeline.filter((e) => e.kind === 'status').map((e) => e.to_value)).toEqual([
      'Closed',
      'Open',
    ]);
    const foreign = await callAs(ctx, as.outsider as TS, 'POST', '/api/tickets/re-open', {
      ticket_id: t.id,
    });
    expect(foreign.statusCode).toBe(404);
    const notSuper = await callAs(ctx, as.personal as TS, 'PATCH', `/api/tickets/${t.id}`, {
      status: 'Closed',
    });
    expect(notSuper.statusCode).toBe(403);

    await vi.waitFor(
      // new ticket, closed and reopened: three notices for support about this ticket
      async () =>
        expect(
          (await notificationsOf(as.super as TS)).filter(
            (n) => n.link === `/support/ticket/${t.id}`,
          ),
        ).toHaveLength(3),
      {
        timeout: 30_000,
        interval: 100,
      },
    );
    const [first] = await notificationsOf(as.super as TS);
    expect(
      (await callAs(ctx, as.user as TS, 'POST', `/api/notification/${first?.id}/read`)).statusCode,
    ).toBe(404);
    expect(
      (await callAs(ctx, as.super as TS, 'POST', `/api/notification/${first?.id}/read`)).statusCode,
    ).toBe(200);
    expect((await notificationsOf(as.super as TS)).find((n) => n.id === first?.id)?.read).toBe(
      true,
    );
    await callAs(ctx, as.super as TS, 'POST', '/api/notification/read-all');
    const count = await callAs(ctx, as.super as TS, 'GET', '/api/notification/unread-count');
    expect(count.json()).toEqual({ unread: 0 });
  });

  it('a double close (two tabs): one wins, the other is a 409, and the timeline has one change', async () => {
    const t = await openTicket(ctx, as.personal as TS, 'Race me');
    const [a, b] = await Promise.all([
      callAs(ctx, as.personal as TS, 'POST', '/api/tickets/close', { ticket_id: t.id }),
      callAs(ctx, as.super as TS, 'POST', '/api/tickets/close', { ticket_id: t.id }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const after = await details(as.personal as TS, t.id);
    expect(after.data.timeline.filter((e) => e.kind === 'status')).toHaveLength(1);
  });
});
