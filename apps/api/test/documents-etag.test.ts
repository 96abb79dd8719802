/**
 * The list and dashboard reads are revalidated: an unchanged read answers 304 to the browser's
 * If-None-Match, and every change the answer shows (a document uploaded, changed by another
 * process, stamped, given signers; a renamed owner) changes the ETag. Never a stale answer.
 * The read state's `signsOthers: false` (signer branch left out) lists the same documents.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, users } from '../src/db/schema.ts';
import { listHistoryPages, listPage } from '../src/modules/documents/document-pages.repository.ts';
import {
  countDocuments,
  type TDocumentFilter,
} from '../src/modules/documents/documents.repository.ts';
import { bearer } from './auth-helpers.ts';
import {
  makePdf,
  newDepartmentMember,
  newDepartmentUser,
  purchase,
  signatureBox,
  stampDocument,
  type TSession,
  uploadedId,
} from './documents-helpers.ts';
import { createTestContext, RELAXED_LIMITS, type TTestContext } from './helpers.ts';

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { ...RELAXED_LIMITS } });
});
afterAll(() => ctx.close());

const LIST = '/api/v1/single-stamp/get-document-user?perPage=10';
const DASHBOARD = '/api/v1/dashboard/get-document-dashboard';

const read = (url: string, session: TSession, etag?: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: { ...bearer(session), ...(etag ? { 'if-none-match': etag } : {}) },
  });

/**
 * An ETag without its 5-minute window (`W/"<read><user>.<company>.<session>.<window>.<versions>"`):
 * the part that changes with what the answer shows, not with the clock.
 */
const withoutWindow = (etag: string) =>
  etag.replace(/^(W\/"[a-z]\d+\.-?\d+\.[^.]+)\.\d+\./, '$1..');

/**
 * The read's ETag after checking that the browser's copy `etag` is no longer current because of
 * what it shows (not only because the window turned).
 */
const changedFrom = async (url: string, session: TSession, etag: string) => {
  const res = await read(url, session, etag);
  expect(res.statusCode, res.body).toBe(200);
  const next = String(res.headers.etag);
  expect(withoutWindow(next)).not.toBe(withoutWindow(etag));
  return next;
};

/**
 * A 304 for the browser's copy `etag`. When the ETag's window turned between the two reads (a
 * 5-minute boundary of the clock), the answer is the same data under the next window's tag: that
 * tag must then answer 304.
 */
const unchangedAt = async (url: string, session: TSession, etag: string) => {
  let current = etag;
  let res = await read(url, session, current);
  const next = String(res.headers.etag);
  if (
    res.statusCode === 200 &&
    next !== current &&
    withoutWindow(next) === withoutWindow(current)
  ) {
    current = next;
    res = await read(url, session, current);
  }
  expect(res.statusCode, res.body).toBe(304);
  expect(res.body).toBe('');
  expect(res.headers.etag).toBe(current);
};

describe('revalidated document reads', () => {
  it('answer 304 while unchanged and 200 after every change they show', async () => {
    const { session: owner } = await newDepartmentUser(ctx, 3);
    const pdf = await makePdf(1);
    const first = await read(LIST, owner);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    let list = String(first.headers.etag);
    expect(list).toMatch(/^W\/"/);
    let dashboard = String((await read(DASHBOARD, owner)).headers.etag);
    await unchangedAt(LIST, owner, list);
    await unchangedAt(DASHBOARD, owner, dashboard);

    // The first upload of a company and one more.
    const id = await uploadedId(ctx, owner, pdf, 'etag-1.pdf');
    list = await changedFrom(LIST, owner, list);
    dashboard = await changedFrom(DASHBOARD, owner, dashboard);
    await uploadedId(ctx, owner, pdf, 'etag-2.pdf');
    list = await changedFrom(LIST, owner, list);
    await unchangedAt(LIST, owner, list);

    // Written by another process (the worker): straight on the database.
    await ctx.database.db
      .update(documents)
      .set({ fileName: 'renamed.pdf' })
      .where(eq(documents.id, id));
    list = await changedFrom(LIST, owner, list);
    const shown = (await read(LIST, owner)).json().data.data as { document_file: string }[];
    expect(shown.map((d) => d.document_file)).toContain('renamed.pdf');

    // Stamped through the API.
    expect((await stampDocument(ctx, owner, id, 1)).statusCode).toBe(200);
    list = await changedFrom(LIST, owner, list);
    dashboard = await changedFrom(DASHBOARD, owner, dashboard);

    // The owner's name, shown on every row.
    await ctx.database.db
      .update(users)
      .set({ fullName: sql`${users.fullName} || ' Baru'` })
      .where(eq(users.id, owner.userData.id));
    list = await changedFrom(LIST, owner, list);
    await unchangedAt(LIST, owner, list);
  }, 120_000);

  it('change for a signer when a document is given to them', async () => {
    const { session: owner, ref } = await newDepartmentUser(ctx, 0);
    await purchase(ctx, ref, 'esign', 2);
    const signer = await newDepartmentMember(ctx, ref.companyId, ref.ownerId);
    const id = await uploadedId(ctx, owner, await makePdf(1), 'etag-sign.pdf');
    const list = String((await read(LIST, signer)).headers.etag);
    const dashboard = String((await read(DASHBOARD, signer)).headers.etag);
    const set = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/esign-only/update-signer-data',
      headers: bearer(owner),
      payload: { document_id: id, signers: [{ user_id: signer.userData.id, ...signatureBox(60) }] },
    });
    expect(set.statusCode, set.body).toBe(200);
    await changedFrom(LIST, signer, list);
    await changedFrom(DASHBOARD, signer, dashboard);
  }, 120_000);

  it("give a search's total asked again after each change, not the one counted before", async () => {
    const { session: owner } = await newDepartmentUser(ctx, 1);
    const pdf = await makePdf(1);
    const SEARCH = `${LIST}&search=sewa`;
    const totalOf = async (url = SEARCH) => {
      const res = await read(url, owner);
      expect(res.statusCode, res.body).toBe(200);
      const { meta, data } = res.json().data as { meta: { total: number }; data: unknown[] };
      return { total: meta.total, shown: data.length };
    };
    const a = await uploadedId(ctx, owner, pdf, 'sewa-a.pdf');
    await uploadedId(ctx, owner, pdf, 'jual-b.pdf');
    expect(await totalOf()).toEqual({ total: 1, shown: 1 });
    // The same search again, and its second page (the total counted once is given again).
    expect(await totalOf()).toEqual({ total: 1, shown: 1 });
    expect(await totalOf(`${SEARCH}&page=2`)).toEqual({ total: 1, shown: 0 });

    await uploadedId(ctx, owner, pdf, 'sewa-c.pdf');
    expect(await totalOf()).toEqual({ total: 2, shown: 2 });
    // Renamed by another process (straight on the database): no longer a match.
    await ctx.database.db
      .update(documents)
      .set({ fileName: 'jual-a.pdf' })
      .where(eq(documents.id, a));
    expect(await totalOf()).toEqual({ total: 1, shown: 1 });
    // Stamped: still one match, now under the stamped status.
    expect(await totalOf(`${SEARCH}&status=stamp`)).toEqual({ total: 0, shown: 0 });
    const [c] = (await read(SEARCH, owner)).json().data.data as { document_id: number }[];
    expect((await stampDocument(ctx, owner, Number(c?.document_id), 1)).statusCode).toBe(200);
    expect(await totalOf(`${SEARCH}&status=stamp`)).toEqual({ total: 1, shown: 1 });
    expect(await totalOf()).toEqual({ total: 1, shown: 1 });
  }, 120_000);

  it('are not shared between sessions or users', async () => {
    const { session: owner, ref } = await newDepartmentUser(ctx, 0);
    const other = await newDepartmentMember(ctx, ref.companyId, ref.ownerId);
    const mine = String((await read(LIST, owner)).headers.etag);
    const res = await read(LIST, other, mine);
    expect(res.statusCode).toBe(200);
  });
});

describe('the signer branch left out', () => {
  it("lists and counts the same for a caller who signs no one else's document", async () => {
    const { session: owner, ref } = await newDepartmentUser(ctx, 0);
    const pdf = await makePdf(1);
    for (let i = 0; i < 7; i += 1) await uploadedId(ctx, owner, pdf, `branch-${i % 2}-${i}.pdf`);
    const db = ctx.database.db;
    const admin = { userId: owner.userData.id, companyId: ref.companyId };
    const user = { userId: owner.userData.id, companyId: null };
    for (const visibility of [user, admin]) {
      for (const extra of [{}, { status: 'nostamp' as const }, { search: 'branch-1' }]) {
        const filter: TDocumentFilter = { visibility, ...extra };
        const without = { ...filter, signsOthers: false };
        for (const page of [1, 2]) {
          expect(await listHistoryPages(db, without, page, 3)).toEqual(
            await listHistoryPages(db, filter, page, 3),
          );
          expect(await listPage(db, without, page, 3)).toEqual(await listPage(db, filter, page, 3));
        }
        expect(await countDocuments(db, without)).toBe(await countDocuments(db, filter));
      }
    }
  }, 120_000);
});
