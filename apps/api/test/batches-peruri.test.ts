import { createLocalPki, type LocalPki } from '@bubuh/pdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from '../src/modules/quota/ledger.ts';
import { createSpacer } from '../src/providers/meterai/peruri-meterai-provider.ts';
import { bearer } from './auth-helpers.ts';
import { addBatchPdf, createBatch, runBatchToEnd } from './batch-helpers.ts';
import { newDepartmentUser, pdfsig } from './documents-helpers.ts';
import { fakePeruriProvider, startFakePeruri } from './fake-peruri.ts';
import { createTestContext, RELAXED_LIMITS, type TTestContext } from './helpers.ts';

const INTERVAL_MS = 400;

/**
 * Bulk stamping with METERAI_PROVIDER=peruri (issue 13): a batch is a rate-limited sequence of
 * single Peruri calls (chanel/stampv2 + docSigningM per document), against the fake Peruri.
 */
describe('bulk stamping with the Peruri provider', () => {
  let ctx: TTestContext;
  let fake: Awaited<ReturnType<typeof startFakePeruri>>;
  let pki: LocalPki;
  /** Peruri's hash signing fails this many more times (a provider error: the job retries). */
  let failSignings = 0;

  beforeAll(async () => {
    pki = await createLocalPki({ organization: 'Peruri Batch' });
    fake = await startFakePeruri(pki, { failSigning: () => failSignings-- > 0 });
    ctx = await createTestContext({
      env: { ...RELAXED_LIMITS, BATCH_CONCURRENCY: '3' },
      meterai: () => fakePeruriProvider(fake, pki, { minIntervalMs: INTERVAL_MS }),
    });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  it('stamps every file of a batch with a serial issued by Peruri, its calls spaced by the rate limit', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 4);
    const batch = await createBatch(ctx, session, 'Perjanjian');
    const names = ['kontrak-1.pdf', 'kontrak-2.pdf', 'kontrak-3.pdf', 'kontrak-4.pdf'];
    for (const name of names) await addBatchPdf(ctx, session, batch.id, name);
    const done = await runBatchToEnd(ctx, session, batch.id);
    expect(done.batch.counts).toMatchObject({ stamped: 4, failed: 0 });

    const issued = fake.requests.filter((r) => r.url === '/chanel/stampv2');
    expect(issued.map((r) => r.body.namafile).sort()).toEqual(names);
    expect(issued.every((r) => r.body.namadoc === '3' && r.body.nilaidoc === '10000')).toBe(true);
    // Each file carries one of the serials the fake issued, none twice.
    const serials = done.data.map((i) => i.serial_number);
    expect(new Set(serials).size).toBe(4);
    for (const serial of serials) expect(serial).toMatch(/^PERURI\d{16}$/);
    expect(serials.sort()).toEqual([1, 2, 3, 4].map(fake.serial));

    // Several documents run at once (BATCH_CONCURRENCY 3), yet Peruri's 8 stamping calls
    // (4 serials, 4 hash signings) took their slots at least the interval apart: from the first
    // to the last arrival is 7 intervals, less the first call's slack between its slot and its
    // arrival (up to a few hundred ms on a loaded machine with the in-process database): at
    // least 5 intervals are asserted. The spacing itself is tested exactly below.
    const stampingCalls = fake.requests
      .filter((r) => r.url === '/chanel/stampv2' || r.url.endsWith('/docSigningM'))
      .map((r) => r.at)
      .sort((a, b) => a - b);
    expect(stampingCalls).toHaveLength(8);
    const span = (stampingCalls[7] ?? 0) - (stampingCalls[0] ?? 0);
    expect(
      span,
      `gaps ${stampingCalls.map((t) => t - (stampingCalls[0] ?? 0))}`,
    ).toBeGreaterThanOrEqual(5 * INTERVAL_MS);
    expect(fake.requests.filter((r) => r.url === '/api/users/login')).toHaveLength(1);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(0);

    // The stamped file carries the Peruri serial's e-Meterai signature.
    const first = done.data[0];
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/single-stamp/download-file/${first?.document_id}`,
      headers: bearer(session),
    });
    expect(download.statusCode).toBe(200);
    const report = pdfsig(download.rawPayload);
    expect(report).toContain(`Signature Field Name: Emet${first?.serial_number}`);
    expect(report).toContain('Signature Validation: Signature is Valid.');
  });

  it("retries only the document whose stamp failed: its group's others finish, its serial is used again, one unit each", async () => {
    const { session, ref } = await newDepartmentUser(ctx, 4);
    const batch = await createBatch(ctx, session, 'Perjanjian ulang');
    const names = ['ulang-1.pdf', 'ulang-2.pdf', 'ulang-3.pdf', 'ulang-4.pdf'];
    for (const name of names) await addBatchPdf(ctx, session, batch.id, name);
    const before = fake.requests.length;
    failSignings = 1;
    const done = await runBatchToEnd(ctx, session, batch.id);
    expect(done.batch.counts).toMatchObject({ stamped: 4, failed: 0 });
    const calls = fake.requests.slice(before);
    // Four serials for four documents (the failed stamp's serial stamped on the retry), five
    // signings (one failed), and exactly the four units spent.
    expect(calls.filter((r) => r.url === '/chanel/stampv2')).toHaveLength(4);
    expect(calls.filter((r) => r.url.endsWith('/docSigningM'))).toHaveLength(5);
    expect(new Set(done.data.map((i) => i.serial_number)).size).toBe(4);
    expect(await balanceOf(ctx.database.db, ref, 'emeterai')).toBe(0);
  });

  it('gives calls made at once slots the interval apart, never blocking a nested call', async () => {
    const slot = createSpacer(100);
    const started = Date.now();
    const times: number[] = [];
    await Promise.all(
      [0, 1, 2, 3].map(async (i) => {
        await slot();
        times[i] = Date.now() - started;
      }),
    );
    // Timers never fire early (1 ms of rounding allowed).
    times.forEach((t, i) => {
      expect(t).toBeGreaterThanOrEqual(i * 100 - 1);
    });
    expect(times[3]).toBeLessThan(2_000);
    // Spacing off: no wait at all.
    const none = createSpacer(0);
    const before = Date.now();
    await Promise.all([none(), none(), none()]);
    expect(Date.now() - before).toBeLessThan(50);
  });
});
