import { ZBatchItemResponse } from '@bubuh/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { unitReservations } from '../src/db/schema.ts';
import { transitionBatch } from '../src/modules/batches/batches.repository.ts';
import { balanceOf } from '../src/modules/quota/ledger.ts';
import { reserveUnit } from '../src/modules/quota/units.ts';
import { bearer, callAs } from './auth-helpers.ts';
import { batchDetail, createTestBatch, ownedDocuments, waitForBatchDone } from './batch-helpers.ts';
import {
  makePdf,
  newDepartmentUser,
  stampDocument,
  type TSession,
  uploadedId,
} from './documents-helpers.ts';
import { sharedPdfEngine, type TTestContext, testContextPerFile } from './helpers.ts';
import { pdfPart, postFile } from './multipart.ts';

/**
 * Issue 13: two batches and single stamps at once against one balance (run it on PostgreSQL
 * with BUBUH_TEST_DB=postgres): whatever the order, no more units are spent than the payer held,
 * every stamped document spent exactly one, and the balance matches.
 */
describe('two batches and single stamps against one balance', () => {
  let ctx: TTestContext;
  testContextPerFile({}, (built) => {
    ctx = built;
  });

  const batchWith = async (session: TSession, files: number) => {
    const id = await createTestBatch(ctx, session, {
      prefix: 'Balapan',
      page: 1,
      pageMode: 'first',
    });
    for (let i = 0; i < files; i += 1) {
      await postFile(
        ctx,
        session,
        `/api/v1/batch-stamp/batch-document-upload?batch_id=${id}`,
        pdfPart(`f${i}.pdf`, await makePdf(1)),
      );
    }
    return id;
  };

  it('never spends more than the balance, one unit per stamped document', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 5);
    const a = await batchWith(session, 3);
    const b = await batchWith(session, 3);
    const singles = [
      await uploadedId(ctx, session, await makePdf(2)),
      await uploadedId(ctx, session, await makePdf(2)),
    ];
    // Each batch alone fits the balance (3 ≤ 5); together with the singles they need 8.
    const start = (id: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/batch-stamp/stamp-batch-process',
        headers: bearer(session),
        payload: { batch_id: id },
      });
    const answers = await Promise.all([
      start(a),
      start(b),
      ...singles.map((id) => stampDocument(ctx, session, id)),
    ]);
    for (const res of answers) expect([200, 202, 409, 422, 503]).toContain(res.statusCode);
    const settled = async (id: number) => {
      const deadline = Date.now() + 120_000;
      for (;;) {
        const d = await batchDetail(ctx, session, id);
        if (d.batch.status !== 'running' || Date.now() > deadline) return d;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    const [da, db] = [await settled(a), await settled(b)];
    const stampedIds = [...da.data, ...db.data]
      .filter((i) => i.status === 'stamped')
      .map((i) => i.document_id ?? 0);
    const singleStamped = answers.slice(2).filter((r) => r.statusCode === 200).length;
    const total = stampedIds.length + singleStamped;
    expect(total).toBeLessThanOrEqual(5);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(5 - total);
    const spent = await ctx.database.db
      .select()
      .from(unitReservations)
      .where(
        and(
          inArray(unitReservations.documentId, [...stampedIds, ...singles]),
          eq(unitReservations.state, 'spent'),
        ),
      );
    expect(spent).toHaveLength(total);
    // Documents that found no unit left failed with the reason, and cost nothing.
    for (const d of [da, db]) {
      const c = d.batch.counts;
      expect(c.stamped + c.failed + c.ready).toBe(3);
    }
  });

  it('queues and stamps every file of parallel upload-and-start calls into one draft', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 10);
    const id = await createTestBatch(ctx, session, {
      prefix: 'Sekaligus',
      page: 1,
      pageMode: 'first',
    });
    const files = await Promise.all(Array.from({ length: 8 }, (_, i) => makePdf(1 + (i % 2))));
    const answers = await Promise.all(
      files.map((file, i) =>
        postFile(
          ctx,
          session,
          `/api/v1/batch-stamp/batch-document-upload-one-process?batch_id=${id}`,
          pdfPart(`p${i}.pdf`, file),
        ),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const d = await waitForBatchDone(ctx, session, id);
    expect(d.batch.counts.stamped).toBe(8);
    expect(d.data.map((i) => i.status)).toEqual(Array(8).fill('stamped'));
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(2);
  });

  const uploadAndStart = (session: TSession, id: number, name: string, pdf: Buffer) =>
    postFile(
      ctx,
      session,
      `/api/v1/batch-stamp/batch-document-upload-one-process?batch_id=${id}`,
      pdfPart(name, pdf),
    );

  it('refuses upload-and-start calls the balance cannot cover and keeps nothing of them', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 3);
    const id = await createTestBatch(ctx, session, { prefix: 'Pas', page: 1, pageMode: 'first' });
    const files = await Promise.all(Array.from({ length: 6 }, () => makePdf(1)));
    const answers = await Promise.all(
      files.map((file, i) => uploadAndStart(session, id, `q${i}.pdf`, file)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c !== 201 && c !== 422)).toEqual([]);
    for (const refused of answers.filter((r) => r.statusCode === 422))
      expect(refused.json().message).toMatch(
        /^Not enough e-Meterai quota: the batch needs \d+ units, the balance is \d+$/,
      );
    const accepted = codes.filter((c) => c === 201).length;
    expect(accepted).toBeLessThanOrEqual(3);
    // Every accepted file is stamped; no refused one stays in the batch or among the documents.
    const d =
      accepted > 0 ? await waitForBatchDone(ctx, session, id) : await batchDetail(ctx, session, id);
    expect(d.data.map((i) => i.status)).toEqual(Array(accepted).fill('stamped'));
    expect(await ownedDocuments(ctx, session)).toBe(accepted);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(3 - accepted);
  });

  it.each([
    [1, 4],
    [5, 20],
    [6, 10],
  ])(
    'accepts exactly min(balance %i, calls %i) parallel upload-and-start calls into a fresh batch',
    async (balance, calls) => {
      const { session, ref } = await newDepartmentUser(ctx, balance);
      const id = await createTestBatch(ctx, session, {
        prefix: 'Adil',
        page: 1,
        pageMode: 'first',
      });
      const files = await Promise.all(Array.from({ length: calls }, () => makePdf(1)));
      // Every call's file is checked before any goes on: their items and starts race together.
      const engine = sharedPdfEngine();
      const prepare = engine.prepare.bind(engine);
      let arrived = 0;
      let allArrived = () => {};
      const barrier = new Promise<void>((resolve) => {
        allArrived = resolve;
      });
      const spy = vi.spyOn(engine, 'prepare').mockImplementation(async (bytes) => {
        const prepared = await prepare(bytes);
        arrived += 1;
        if (arrived === calls) allArrived();
        await barrier;
        return prepared;
      });
      const answers = await Promise.all(
        files.map((file, i) => uploadAndStart(session, id, `r${i}.pdf`, file)),
      ).finally(() => spy.mockRestore());
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c !== 201 && c !== 422)).toEqual([]);
      const accepted = codes.filter((c) => c === 201).length;
      // Each call needs its own unit: the calls refused later do not count against the others.
      expect(accepted).toBe(Math.min(balance, calls));
      for (const refused of answers.filter((r) => r.statusCode === 422)) {
        expect(refused.json().message).toMatch(
          /^Not enough e-Meterai quota: the batch needs \d+ units, the balance is \d+$/,
        );
        expect(refused.json().errors).toMatchObject({ quota: 'insufficient' });
      }
      const d = await waitForBatchDone(ctx, session, id);
      const acceptedNames = answers
        .filter((r) => r.statusCode === 201)
        .map((r) => ZBatchItemResponse.parse(r.json()).data.file_name)
        .sort();
      expect(d.data.map((i) => i.file_name).sort()).toEqual(acceptedNames);
      expect(d.data.map((i) => i.status)).toEqual(Array(accepted).fill('stamped'));
      expect(d.batch.counts).toMatchObject({ total: accepted, stamped: accepted, ready: 0 });
      // Nothing of a refused call stays: no item, no document.
      expect(await ownedDocuments(ctx, session)).toBe(accepted);
      const spent = await ctx.database.db
        .select()
        .from(unitReservations)
        .where(
          and(
            inArray(
              unitReservations.documentId,
              d.data.map((i) => i.document_id ?? 0),
            ),
            eq(unitReservations.state, 'spent'),
          ),
        );
      expect(spent).toHaveLength(d.batch.counts.stamped);
      expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(balance - accepted);
    },
  );

  it('refuses an upload into a started batch past the balance without keeping its file', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 1);
    const id = await createTestBatch(ctx, session, { prefix: 'Habis', page: 1, pageMode: 'first' });
    const first = await postFile(
      ctx,
      session,
      `/api/v1/batch-stamp/batch-document-upload?batch_id=${id}`,
      pdfPart('satu.pdf', await makePdf(1)),
    );
    expect(first.statusCode).toBe(201);
    // Started and paused before its file is stamped: the file still needs its unit.
    await transitionBatch(ctx.database.db, id, ['draft'], { status: 'paused' }, [
      ['ready', 'queued', { jobId: null }],
    ]);
    const late = await uploadAndStart(session, id, 'dua.pdf', await makePdf(1));
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toMatchObject({ needed: 2, balance: 1 });
    expect(await ownedDocuments(ctx, session)).toBe(1);
    const resumed = await callAs(ctx, session, 'POST', '/api/v1/batch-stamp/resume-batch', {
      batch_id: id,
    });
    expect(resumed.statusCode).toBe(200);
    const d = await waitForBatchDone(ctx, session, id);
    expect(d.data.map((i) => [i.file_name, i.status])).toEqual([['satu.pdf', 'stamped']]);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(0);
  });

  it('does not count twice the units of documents being stamped', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 4);
    const id = await createTestBatch(ctx, session, { prefix: 'Jalan', page: 1, pageMode: 'first' });
    const items = [];
    for (const name of ['satu.pdf', 'dua.pdf', 'tiga.pdf']) {
      const res = await postFile(
        ctx,
        session,
        `/api/v1/batch-stamp/batch-document-upload?batch_id=${id}`,
        pdfPart(name, await makePdf(1)),
      );
      items.push(ZBatchItemResponse.parse(res.json()).data);
    }
    // Three documents being stamped, two of them holding their unit already (balance 4 - 2).
    await transitionBatch(ctx.database.db, id, ['draft'], { status: 'paused' }, [
      ['ready', 'stamping'],
    ]);
    for (const item of items.slice(0, 2))
      await reserveUnit(ctx.database.db, {
        kind: 'emeterai',
        payer: ref,
        actorUserId: session.userData.id,
        documentId: Number(item.document_id),
      });
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(2);
    // Still needed: the third one and this file, 2 of 2.
    const fits = await uploadAndStart(session, id, 'empat.pdf', await makePdf(1));
    expect(fits.statusCode, fits.body).toBe(201);
    const over = await uploadAndStart(session, id, 'lima.pdf', await makePdf(1));
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toMatchObject({ needed: 3, balance: 2 });
    expect(await ownedDocuments(ctx, session)).toBe(4);
  });
});
