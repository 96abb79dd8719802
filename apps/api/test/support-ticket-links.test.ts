import type { TTicket, TTicketDetail } from '@bubuh/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/demo/seed.ts';
import { callAs } from './auth-helpers.ts';
import { makePdf, type TSession, uploadedId } from './documents-helpers.ts';
import { createTestContext, RELAXED_LIMITS, type TTestContext, unique } from './helpers.ts';
import { lockerCompany, type TLockerCompany } from './locker-helpers.ts';
import { postForm } from './support-helpers.ts';

/** A ticket linked to a batch or an invoice: only the caller's own (company admins: the company's). */
let ctx: TTestContext;
let mine: TLockerCompany;
let other: TLockerCompany;

beforeAll(async () => {
  ctx = await createTestContext({ env: { ...RELAXED_LIMITS } });
  await seedDemo(ctx.database.db, { password: 'Demo#2026!' });
  mine = await lockerCompany(ctx);
  other = await lockerCompany(ctx);
});
afterAll(() => ctx.close());

const newBatch = async (session: TSession) => {
  const res = await callAs(ctx, session, 'POST', '/api/v1/batch-stamp/create-batch', {
    name: `Kontrak ${unique()}`,
    doc_type: '3',
    doc_value: 10_000,
    placement: { page_mode: 'last', page: 1, x: 400, y: 100, width: 75, height: 75 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string };
};

const newInvoice = async (session: TSession) => {
  const res = await callAs(ctx, session, 'POST', '/api/v1/purchase/quota', {
    type: 'emeterai',
    quantity: 3,
    method: 'gateway',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; number: string };
};

const open = (session: TSession, links: Record<string, string>) =>
  postForm(ctx, session, '/api/tickets', {
    subject: `About my order ${unique()}`,
    category: 'quota-payment',
    level: 'Medium',
    description: 'The units did not arrive.',
    ...links,
  });

const total = async (session: TSession) =>
  (
    (await callAs(ctx, session, 'GET', '/api/tickets')).json() as {
      data: { meta: { total: number } };
    }
  ).data.meta.total;

describe('ticket links and tenancy', () => {
  it('links the customer’s own batch and invoice; the header carries their names', async () => {
    const batch = await newBatch(mine.admin);
    const invoice = await newInvoice(mine.admin);
    const res = await open(mine.admin, {
      batch_id: String(batch.id),
      invoice_id: String(invoice.id),
    });
    expect(res.statusCode, res.body).toBe(201);
    const ticket = (res.json() as { data: TTicketDetail }).data;
    expect(ticket).toMatchObject({
      batch_id: batch.id,
      batch_name: batch.name,
      invoice_id: invoice.id,
      invoice_number: invoice.number,
      invoice_purpose: 'quota',
    });
    const listed = await callAs(ctx, mine.admin, 'GET', '/api/tickets');
    const row = (listed.json() as { data: { data: TTicket[] } }).data.data.find(
      (t) => t.id === ticket.id,
    );
    expect(row?.invoice_number).toBe(invoice.number);
  });

  it('a company admin links a colleague’s batch; a user cannot link the admin’s invoice', async () => {
    const batch = await newBatch(mine.user);
    const byAdmin = await open(mine.admin, { batch_id: String(batch.id) });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    const invoice = await newInvoice(mine.admin);
    const before = await total(mine.user);
    const byUser = await open(mine.user, { invoice_id: String(invoice.id) });
    expect(byUser.statusCode).toBe(404);
    expect(byUser.json().message).toBe('Invoice not found');
    expect(await total(mine.user)).toBe(before);
  });

  it('another company’s batch, invoice, document or ticket answers 404 and keeps nothing', async () => {
    const batch = await newBatch(mine.admin);
    const invoice = await newInvoice(mine.admin);
    const document = await uploadedId(ctx, mine.admin, await makePdf(1));
    const before = await total(other.admin);
    for (const [field, id, what] of [
      ['document_id', document, 'Document'],
      ['batch_id', batch.id, 'Batch'],
      ['invoice_id', invoice.id, 'Invoice'],
    ] as const) {
      const res = await open(other.admin, { [field]: String(id) });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(`${what} not found`);
    }
    expect(await total(other.admin)).toBe(before);

    const created = await open(mine.user, { batch_id: String((await newBatch(mine.user)).id) });
    const ticket = (created.json() as { data: TTicketDetail }).data;
    const foreign = await callAs(ctx, other.admin, 'GET', `/api/ticket-details/${ticket.id}`);
    expect(foreign.statusCode).toBe(404);
    for (const [url, body] of [
      ['/api/tickets/close', { ticket_id: ticket.id }],
      ['/api/tickets/re-open', { ticket_id: ticket.id }],
    ] as const) {
      expect((await callAs(ctx, other.admin, 'POST', url, body)).statusCode).toBe(404);
    }
    const reply = await postForm(ctx, other.admin, '/api/tickets/reply', {
      ticket_id: String(ticket.id),
      message: 'let me in',
    });
    expect(reply.statusCode).toBe(404);
    const theirs = await callAs(ctx, other.admin, 'GET', '/api/tickets');
    expect(
      (theirs.json() as { data: { data: TTicket[] } }).data.data.map((t) => t.id),
    ).not.toContain(ticket.id);
    const mineSees = await callAs(ctx, mine.admin, 'GET', `/api/ticket-details/${ticket.id}`);
    expect(mineSees.statusCode).toBe(200);
  });
});
