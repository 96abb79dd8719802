import { describe, expect, it } from 'vitest';
import { makePdf, pdfsig } from './documents-helpers.ts';
import { stop, until, useKillHarness } from './kill-harness.ts';

/**
 * Issue 13: a real server process (embedded database) is killed with SIGKILL in the middle of a
 * batch, while its documents' jobs wait on Peruri's signing call. The next process on the same
 * data finishes the batch on its own: every document stamped once, no serial issued twice, and
 * the ledger matches the stamped files unit for unit.
 */
describe('a server killed mid-batch', () => {
  const harness = useKillHarness('bubuh-batch-kill-');

  it('finishes the batch after a restart: each document stamped once, one unit each', async () => {
    const { base, fake, start, login, signingCalled, release } = await harness.prepare();
    const FILES = 6;
    const first = await start();
    const authorization = await login();
    const json = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { authorization, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return (await res.json()) as { data: Record<string, unknown> };
    };
    const created = await json('POST', '/api/v1/batch-stamp/create-batch', {
      name: 'Kill test',
      doc_type: '3',
      placement: { page_mode: 'last', page: 1, x: 400, y: 100, width: 75, height: 75 },
    });
    const batchId = Number(created.data.id);
    for (let i = 0; i < FILES; i += 1) {
      const form = new FormData();
      form.append(
        'file',
        new Blob([await makePdf(1 + (i % 3))], { type: 'application/pdf' }),
        `k${i}.pdf`,
      );
      const res = await fetch(
        `${base}/api/v1/batch-stamp/batch-document-upload?batch_id=${batchId}`,
        {
          method: 'POST',
          headers: { authorization },
          body: form,
        },
      );
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const draft = await json('GET', `/api/v1/batch-stamp/detail-batch-documents/${batchId}`);
    const balanceBefore = Number((draft.data.batch as { balance: number }).balance);
    await json('POST', '/api/v1/batch-stamp/stamp-batch-process', { batch_id: batchId });
    // The first documents' jobs issue their serials, then wait on signing calls that never answer.
    await signingCalled(60_000);
    await stop(first, 'SIGKILL');

    release();
    const second = await start();
    const done = await until('the batch to finish on its own', 180_000, async () => {
      const d = await json('GET', `/api/v1/batch-stamp/detail-batch-documents/${batchId}`);
      const batch = d.data.batch as { status: string; counts: { stamped: number } };
      return batch.status === 'done' ? batch : undefined;
    });
    expect(done.counts.stamped).toBe(FILES);
    // No serial was asked for twice: one stampv2 call per document.
    expect(fake.requests.filter((r) => r.url === '/chanel/stampv2')).toHaveLength(FILES);
    const after = await json('GET', `/api/v1/batch-stamp/detail-batch-documents/${batchId}`);
    expect(Number((after.data.batch as { balance: number }).balance)).toBe(balanceBefore - FILES);
    const [item] = after.data.data as { document_id: number }[];
    const file = await fetch(`${base}/api/v1/single-stamp/download-file/${item?.document_id}`, {
      headers: { authorization },
    });
    expect(pdfsig(Buffer.from(await file.arrayBuffer()))).toContain(
      'Signature Validation: Signature is Valid.',
    );
    await stop(second, 'SIGTERM');

    // The books, read from the data folder once the server has stopped.
    await harness.readDatabase(async (pg) => {
      const ids = (
        await pg.query<{ document_id: number }>(
          'select document_id from batch_items where batch_id = $1',
          [batchId],
        )
      ).rows.map((r) => r.document_id);
      expect(ids).toHaveLength(FILES);
      const serials = await pg.query<{ document_id: number; status: string }>(
        'select document_id, status from serial_numbers where document_id = any($1)',
        [ids],
      );
      expect(serials.rows).toHaveLength(FILES);
      expect(serials.rows.every((r) => r.status === 'stamped')).toBe(true);
      const spent = await pg.query<{ n: number }>(
        "select count(*)::int as n from unit_reservations where document_id = any($1) and state = 'spent'",
        [ids],
      );
      expect(spent.rows[0]?.n).toBe(FILES);
      const held = await pg.query<{ n: number }>(
        "select count(*)::int as n from unit_reservations where document_id = any($1) and state = 'reserved'",
        [ids],
      );
      expect(held.rows[0]?.n).toBe(0);
    });
  }, 600_000);
});
