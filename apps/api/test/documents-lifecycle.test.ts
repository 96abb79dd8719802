import { ZDocumentResponse, ZDocumentUserList } from '@bubuh/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, serialNumbers, unitReservations, users } from '../src/db/schema.ts';
import { recoverStuckDocuments } from '../src/modules/document-work/recovery.ts';
import { balanceOf, move, SYSTEM_ISSUED, type TAccountRef } from '../src/modules/quota/ledger.ts';
import { reserveUnit } from '../src/modules/quota/units.ts';
import { bearer, callAs, createVerifiedUser, login } from './auth-helpers.ts';
import {
  makePdf,
  newDepartmentMember,
  newDepartmentUser,
  pdfsig,
  purchase,
  setSigners,
  signAt,
  signatureBox,
  stampDocument,
  stampRequest,
  type TSession,
  uploadedId,
  verifyThroughApi,
} from './documents-helpers.ts';
import {
  createTestContext,
  RELAXED_LIMITS,
  type TTestContext,
  watchingSerials,
} from './helpers.ts';
import { pdfPart, postFile } from './multipart.ts';

/** Set to make the provider's signing step fail (after the serial was issued). */
let failSigning = false;
let issued = 0;
let ctx: TTestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { ...RELAXED_LIMITS },
    meterai: (local) => ({
      ...watchingSerials(() => {
        issued += 1;
      })(local),
      signing: async (context) => {
        if (failSigning) throw new Error('signing service unreachable');
        return local.signing(context);
      },
      // Stamps chain to a root this verifier does not know (as with Peruri): e-signatures must
      // still be trusted through the PSrE's own roots.
      trustRoots: async () => [],
    }),
  });
});
afterAll(() => ctx.close());

const get = (url: string, session: TSession) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(session) });
const post = (url: string, session: TSession, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(session), payload });
const details = async (session: TSession, id: number) =>
  ZDocumentResponse.parse(
    (await get(`/api/v1/single-stamp/get-document-details/${id}`, session)).json(),
  ).data;

describe('a failed stamp and its retry', () => {
  it('keeps the serial of the failed attempt and stamps with it on the retry', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 1);
    const id = await uploadedId(ctx, session, await makePdf(1));
    const before = issued;
    failSigning = true;
    const failed = await stampDocument(ctx, session, id, 1);
    failSigning = false;
    expect(failed.statusCode).toBe(503);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(1);
    const [kept] = await ctx.database.db
      .select()
      .from(serialNumbers)
      .where(eq(serialNumbers.documentId, id));
    expect(kept?.status).toBe('failed');

    const retried = await stampDocument(ctx, session, id, 1);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data.serial_number).toBe(kept?.serial);
    expect(issued - before).toBe(1);
    const serials = await ctx.database.db
      .select()
      .from(serialNumbers)
      .where(eq(serialNumbers.documentId, id));
    expect(serials.map((s) => s.status)).toEqual(['stamped']);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(0);
  });
});

/** What a dead process leaves: a unit reserved `ageMs` ago for the document. */
const deadReservation = async (
  kind: 'emeterai' | 'esign',
  payer: TAccountRef,
  documentId: number,
  ageMs: number,
) => {
  const id = await reserveUnit(ctx.database.db, { kind, payer, actorUserId: null, documentId });
  await ctx.database.db
    .update(unitReservations)
    .set({ createdAt: new Date(Date.now() - ageMs) })
    .where(eq(unitReservations.id, id));
};

describe('a process that dies mid-stamp', () => {
  it('gets its unit back and the document becomes stampable again', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 2);
    const id = await uploadedId(ctx, session, await makePdf(1));
    // What a process leaves behind when it dies between spending and storing the stamp.
    await ctx.database.db
      .update(documents)
      .set({ state: 'stamping', updatedAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(documents.id, id));
    await deadReservation('emeterai', ref, id, 20 * 60_000);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(1);
    // Still busy until the sweeper runs.
    expect((await stampDocument(ctx, session, id, 1)).statusCode).toBe(409);

    expect(await recoverStuckDocuments(ctx.database.db)).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(2);
    // A second sweep (another process) returns nothing twice.
    await recoverStuckDocuments(ctx.database.db);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(2);
    const doc = await details(session, id);
    expect(doc.signing_status).toBe('draft');
    expect(doc.last_error).toMatch(/kuota telah dikembalikan/);

    const stamped = await stampDocument(ctx, session, id, 1);
    expect(stamped.statusCode, stamped.body).toBe(200);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(1);
  });

  it('returns the e-sign unit of a signature that died, keeping the ones already signed', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 0);
    await purchase(ctx, ref, 'esign', 2);
    const id = await uploadedId(ctx, session, await makePdf(1));
    const me = session.userData.id;
    const set = await setSigners(ctx, session, id, [
      [me, 60],
      [me, 260],
    ]);
    expect(set.statusCode, set.body).toBe(200);
    const first = await signAt(ctx, session, id, 60);
    expect(first.statusCode, first.body).toBe(200);
    // The second signature's process dies after spending its unit.
    await deadReservation('esign', ref, id, 20 * 60_000);
    await ctx.database.db
      .update(documents)
      .set({ state: 'esigning', updatedAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(documents.id, id));
    expect(await balanceOf(ctx.database.db, ref, 'esign')).toBe(0);

    await recoverStuckDocuments(ctx.database.db);
    // One unit back (the dead signature's); the first signature keeps its unit.
    expect(await balanceOf(ctx.database.db, ref, 'esign')).toBe(1);
    expect((await details(session, id)).signing_status).toBe('signing');
    const second = await post('/api/v1/esign-only/signer-process', session, {
      document_id: id,
      ...signatureBox(260),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.signing_status).toBe('signed');
  });

  it('leaves a document that is still being worked on alone', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 1);
    const id = await uploadedId(ctx, session, await makePdf(1));
    await ctx.database.db
      .update(documents)
      .set({ state: 'stamping', updatedAt: new Date() })
      .where(eq(documents.id, id));
    await deadReservation('emeterai', ref, id, 0);
    await recoverStuckDocuments(ctx.database.db);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(0);
    expect((await details(session, id)).signing_status).toBe('stamping');
  });
});

describe('who pays for a stamp (spec §6)', () => {
  it('a company admin spends the company balance', async () => {
    // A department user's company, with its own admin and 2 units at company level.
    const { ref } = await newDepartmentUser(ctx, 0);
    const companyId = ref.companyId ?? 0;
    const company = { ownerType: 'company' as const, ownerId: companyId, companyId };
    await purchase(ctx, company, 'emeterai', 2);
    const email = await createVerifiedUser(ctx);
    await ctx.database.db
      .update(users)
      .set({ role: 'admin-company', userType: 'company', companyId })
      .where(eq(users.email, email));
    const admin = (await login(ctx, email)) as TSession;
    const id = await uploadedId(ctx, admin, await makePdf(1));
    const res = await stampDocument(ctx, admin, id, 1);
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(ctx.database.db, company, 'emeterai')).toBe(1);
    // The department's balance is not the admin's to spend.
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(0);
  });

  it('a personal account spends its own units through the personal call only', async () => {
    const personal = (await login(ctx, await createVerifiedUser(ctx))) as TSession;
    const own = { ownerType: 'user' as const, ownerId: personal.userData.id, companyId: null };
    await move(ctx.database.db, {
      kind: 'emeterai',
      quantity: 2,
      from: SYSTEM_ISSUED,
      to: own,
      reason: 'purchase',
    });
    const id = await uploadedId(ctx, personal, await makePdf(1));
    const wrongCall = await stampDocument(ctx, personal, id, 1);
    expect(wrongCall.statusCode).toBe(403);
    const url = '/api/v1/single-stamp/stamp-single-process-personal';
    const res = await post(url, personal, stampRequest(id, 1));
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(ctx.database.db, own, 'emeterai')).toBe(1);
  });
});

describe('stamp placement', () => {
  it('refuses a box that is not square and spends nothing', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 1);
    const id = await uploadedId(ctx, session, await makePdf(1));
    const res = await post('/api/v1/single-stamp/stamp-single-process-company', session, {
      document_id: id,
      page: 1,
      x: 100,
      y: 100,
      width: 150,
      height: 75,
      doc_type: '3',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The e-Meterai box must be square');
    expect(res.json().errors.height).toBe('must equal width');
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(1);
  });
});

describe('bad files spend nothing', () => {
  it('a broken PDF is refused before any unit moves', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 3);
    const broken = (await makePdf(2)).subarray(0, 400);
    const res = await postFile(
      ctx,
      session,
      '/api/v1/single-stamp/upload-document',
      pdfPart('rusak.pdf', broken),
    );
    expect(res.statusCode).toBe(422);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(3);
    const list = ZDocumentUserList.parse(
      (await get('/api/v1/single-stamp/get-document-user', session)).json(),
    ).data;
    expect(list.data).toEqual([]);
  });
});

describe('drafts', () => {
  it('saves placements on a draft, checks the page, and refuses a stamped document', async () => {
    const { session } = await newDepartmentUser(ctx, 1);
    const id = await uploadedId(ctx, session, await makePdf(2));
    const placements = {
      emeterai: { page: 2, x: 300, y: 120, width: 75, height: 75 },
      esign: [{ page: 1, x: 60, y: 200, width: 120, height: 50, user_id: session.userData.id }],
    };
    const saved = await callAs(
      ctx,
      session,
      'PATCH',
      `/api/v1/single-stamp/update-document/${id}`,
      { placements, doc_type: '3' },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const doc = await details(session, id);
    expect(doc.placements).toEqual(placements);
    expect(doc.doc_type).toBe('3');
    expect(doc.signing_method).toBe('esign-emeterai');

    const pastEnd = await callAs(
      ctx,
      session,
      'PATCH',
      `/api/v1/single-stamp/update-document/${id}`,
      { placements: { ...placements, emeterai: { ...placements.emeterai, page: 3 } } },
    );
    expect(pastEnd.statusCode).toBe(400);
    expect(pastEnd.json().errors.page).toBe('out of range');

    expect((await stampDocument(ctx, session, id, 2)).statusCode).toBe(200);
    const afterStamp = await callAs(
      ctx,
      session,
      'PATCH',
      `/api/v1/single-stamp/update-document/${id}`,
      { placements },
    );
    expect(afterStamp.statusCode).toBe(409);
  });
});

describe('stamping history', () => {
  it('keeps the stamped and draft lists apart from the page, with search and dates', async () => {
    const { session } = await newDepartmentUser(ctx, 1);
    const stampedId = await uploadedId(ctx, session, await makePdf(1), 'kontrak-sewa.pdf');
    expect((await stampDocument(ctx, session, stampedId, 1)).statusCode).toBe(200);
    const drafts: number[] = [];
    for (const name of ['memo-a.pdf', 'memo-b.pdf', 'memo-c.pdf']) {
      drafts.push(await uploadedId(ctx, session, await makePdf(1), name));
    }
    const list = async (query: string) =>
      ZDocumentUserList.parse(
        (await get(`/api/v1/single-stamp/get-document-user?${query}`, session)).json(),
      ).data;

    // Page 1 of one row is the newest draft, yet the stamped list still has the stamped one.
    const first = await list('page=1&perPage=1');
    expect(first.data.map((d) => d.document_id)).toEqual([drafts[2]]);
    expect(first.stamp.map((d) => d.document_id)).toEqual([stampedId]);
    expect(first.nostamp.map((d) => d.document_id)).toEqual([drafts[2]]);
    expect(first.meta.total).toBe(4);

    const searched = await list('search=sewa');
    expect(searched.data.map((d) => d.document_file)).toEqual(['kontrak-sewa.pdf']);
    const stampedOnly = await list('status=stamp');
    expect(stampedOnly.data.map((d) => d.document_id)).toEqual([stampedId]);
    expect(stampedOnly.nostamp).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`from=${today}&to=${today}`)).meta.total).toBe(4);
    expect((await list('from=2001-01-01&to=2001-12-31')).meta.total).toBe(0);
  });
});

describe('unsigned files', () => {
  it('opens only with a link made for that user and that document', async () => {
    const a = await newDepartmentUser(ctx, 0);
    const b = await newDepartmentUser(ctx, 0);
    const aDoc = await uploadedId(ctx, a.session, await makePdf(1));
    const bDoc = await uploadedId(ctx, b.session, await makePdf(1));
    const aLink = (await details(a.session, aDoc)).file_path;
    const bLink = (await details(b.session, bDoc)).file_path;
    expect((await ctx.app.inject({ method: 'GET', url: aLink })).statusCode).toBe(200);
    // B's token on A's document, and B's bearer on A's document: nothing.
    const bToken = new URL(bLink, 'http://x').searchParams.get('token');
    const crossed = await ctx.app.inject({
      method: 'GET',
      url: `/UNSIGNED/${aDoc}.pdf?token=${bToken}`,
    });
    expect([401, 404]).toContain(crossed.statusCode);
    expect(crossed.headers['content-type']).not.toBe('application/pdf');
    const withBearer = await callAs(ctx, b.session, 'GET', `/UNSIGNED/${aDoc}.pdf`);
    expect([401, 404]).toContain(withBearer.statusCode);
  });
});

describe('money above 2^31 rupiah (issue 11)', () => {
  it('stamps a document worth 3,000,000,000 and keeps the value exactly; refuses unsafe integers', async () => {
    const { session } = await newDepartmentUser(ctx, 1);
    const id = await uploadedId(ctx, session, await makePdf(1));
    const box = { page: 1, x: 400, y: 100, width: 75, height: 75, doc_type: '3' };
    const tooBig = await post('/api/v1/single-stamp/stamp-single-process-company', session, {
      document_id: id,
      ...box,
      doc_value: Number.MAX_SAFE_INTEGER + 2,
    });
    expect(tooBig.statusCode).toBe(400);
    const res = await post('/api/v1/single-stamp/stamp-single-process-company', session, {
      document_id: id,
      ...box,
      doc_value: 3_000_000_000,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await details(session, id)).doc_value).toBe(3_000_000_000);
  });
});

describe('e-sign only documents', () => {
  const newCompanyPair = async () => {
    const { session: owner, ref } = await newDepartmentUser(ctx, 0);
    await purchase(ctx, ref, 'esign', 2);
    const [ownerRow] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, owner.userData.id));
    const colleague = await newDepartmentMember(
      ctx,
      ownerRow?.companyId ?? null,
      ownerRow?.departementId ?? null,
    );
    return { owner, colleague, ref };
  };

  it('uploads for signing, ends the round early, and verifies the signature as trusted', async () => {
    const { owner, colleague } = await newCompanyPair();
    const up = await postFile(
      ctx,
      owner,
      '/api/v1/esign-only/upload-document',
      pdfPart('nda.pdf', await makePdf(1)),
    );
    expect(up.statusCode, up.body).toBe(201);
    const id = up.json().data.document_id as number;
    expect((await details(owner, id)).signing_method).toBe('esign');

    const set = await setSigners(ctx, owner, id, [
      [owner.userData.id, 60],
      [colleague.userData.id, 260],
    ]);
    expect(set.statusCode, set.body).toBe(200);
    const signed = await signAt(ctx, owner, id, 60, 'embed-process');
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data.signing_status).toBe('signing');

    // The colleague is not allowed to end the round; the owner is.
    expect(
      (await post('/api/v1/esign-only/end-process', colleague, { document_id: id })).statusCode,
    ).toBe(403);
    const ended = await post('/api/v1/esign-only/end-process', owner, { document_id: id });
    expect(ended.statusCode, ended.body).toBe(200);
    const doc = ZDocumentResponse.parse(ended.json()).data;
    expect(doc.signing_status).toBe('signed');
    expect(doc.signers.map((s) => s.status)).toEqual(['signed']);
    const late = await signAt(ctx, colleague, id, 260);
    // Taken off the document, the colleague no longer sees it at all.
    expect(late.statusCode).toBe(404);

    // The signed file, checked publicly: the e-signature chains to the PSrE root.
    const file = await ctx.app.inject({ method: 'GET', url: doc.file_path });
    expect(pdfsig(file.rawPayload)).toContain('Signature is Valid');
    const verified = await verifyThroughApi(ctx, file.rawPayload, 'nda.pdf');
    expect(verified.signatures).toHaveLength(1);
    expect(verified.signatures[0]).toMatchObject({ kind: 'esign', integrity: true, trusted: true });
  });
});

describe('an e-signature posing as an e-Meterai', () => {
  it('is reported as an e-signature without a serial', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 0);
    await purchase(ctx, ref, 'esign', 1);
    const id = await uploadedId(ctx, session, await makePdf(1));
    const signed = await post('/api/v1/esign-only/signer-process', session, {
      document_id: id,
      ...signatureBox(60),
      reason: '[ABCDEFGHIJKLMNOPQRSTUV] Meterai palsu',
      identity_confirmed: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const file = await ctx.app.inject({
      method: 'GET',
      url: (await details(session, id)).file_path,
    });
    const verified = await verifyThroughApi(ctx, file.rawPayload, 'palsu.pdf');
    expect(verified.signatures).toHaveLength(1);
    expect(verified.signatures[0]).toMatchObject({ kind: 'esign', serial_number: null });
    expect(verified.known_serials).toEqual([]);
  });
});

describe('companies stay apart', () => {
  it('answers 404 for a document of another company, whatever the call', async () => {
    const mine = await newDepartmentUser(ctx, 1);
    const theirs = await newDepartmentUser(ctx, 1);
    const id = await uploadedId(ctx, theirs.session, await makePdf(1));
    const s = mine.session;
    expect((await get(`/api/v1/single-stamp/get-document-details/${id}`, s)).statusCode).toBe(404);
    expect((await stampDocument(ctx, s, id, 1)).statusCode).toBe(404);
    expect((await post('/api/v1/esign-only/end-process', s, { document_id: id })).statusCode).toBe(
      404,
    );
    expect(
      (await post('/api/v1/single-stamp/canceled-stamp', s, { document_id: id })).statusCode,
    ).toBe(404);
    expect(await balanceOf(ctx.database.db, mine.ref, 'emeterai')).toBe(1);
    expect(await balanceOf(ctx.database.db, theirs.ref, 'emeterai')).toBe(1);
  });
});
