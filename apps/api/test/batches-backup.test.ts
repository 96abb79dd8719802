import { describe, expect, it } from 'vitest';
import { bearer, callAs } from './auth-helpers.ts';
import { addBatchPdf, createBatch, runBatchToEnd } from './batch-helpers.ts';
import { makePdf, newDepartmentMember, newDepartmentUser } from './documents-helpers.ts';
import { type TTestContext, testContextPerFile } from './helpers.ts';
import { unzip } from './zip.ts';

/** Bulk stamping backup (/stamp/bulk/backup, issue 13): a batch's originals, one or all. */
describe('bulk stamping: backup of the originals', () => {
  let ctx: TTestContext;
  testContextPerFile({}, (built) => {
    ctx = built;
  });

  it('serves each original as uploaded and all of a batch as one ZIP, to whoever may see the batch', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 2);
    const batch = await createBatch(ctx, session, 'Arsip');
    const first = await makePdf(1);
    const second = await makePdf(2);
    await addBatchPdf(ctx, session, batch.id, 'surat.pdf', first);
    await addBatchPdf(ctx, session, batch.id, 'surat.pdf', second);
    const done = await runBatchToEnd(ctx, session, batch.id);
    expect(done.batch.counts.stamped).toBe(2);

    const [one] = done.data;
    const original = await callAs(ctx, session, 'GET', `/api/v1/batch-stamp/original/${one?.id}`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('application/pdf');
    expect(original.headers['content-disposition']).toContain('surat.pdf');
    // The original, not the stamped file.
    expect(original.rawPayload.equals(first)).toBe(true);

    const zip = await callAs(
      ctx,
      session,
      'GET',
      `/api/v1/batch-stamp/download-originals/${batch.id}`,
    );
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain('-originals.zip');
    const entries = await unzip(zip.rawPayload);
    expect([...entries.keys()]).toEqual(['surat.pdf', 'surat (2).pdf']);
    expect(entries.get('surat.pdf')?.equals(first)).toBe(true);
    expect(entries.get('surat (2).pdf')?.equals(second)).toBe(true);

    // Another company's user and a colleague of the same department (not the owner, not an
    // admin) get 404 for both, as for the batch itself.
    const stranger = (await newDepartmentUser(ctx, 0)).session;
    const colleague = await newDepartmentMember(ctx, ref.companyId, ref.ownerId);
    for (const who of [stranger, colleague]) {
      for (const url of [
        `/api/v1/batch-stamp/original/${one?.id}`,
        `/api/v1/batch-stamp/download-originals/${batch.id}`,
      ]) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(who) });
        expect(res.statusCode, url).toBe(404);
      }
    }
    const missing = await callAs(ctx, session, 'GET', '/api/v1/batch-stamp/original/2147483647');
    expect(missing.statusCode).toBe(404);
  });
});
