import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makePdf, pdfsig, stampRequest } from './documents-helpers.ts';
import { stop, until, useKillHarness } from './kill-harness.ts';

/**
 * Issue 10: a real server process (embedded database) is killed with SIGKILL while its stamp job
 * waits on Peruri's signing call; the next process on the same data retries the job within a
 * minute, takes the dead attempt over and stamps with the same serial and one unit.
 */
describe('a server killed mid-stamp', () => {
  const harness = useKillHarness('bubuh-kill-');

  it('is stamped by the next process within a minute: one serial, one unit, one file', async () => {
    const { base, fake, start, login, signingCalled, release } = await harness.prepare();
    const first = await start();
    const authorization = await login();
    const form = new FormData();
    form.append(
      'file',
      new Blob([await makePdf(2)], { type: 'application/pdf' }),
      'perjanjian.pdf',
    );
    const upload = await fetch(`${base}/api/v1/single-stamp/upload-document`, {
      method: 'POST',
      headers: { authorization },
      body: form,
    });
    expect(upload.ok, await upload.clone().text()).toBe(true);
    const documentId = ((await upload.json()) as { data: { document_id: number } }).data
      .document_id;

    // The stamp's job issues the serial, then waits on the signing call that never answers.
    const stamping = fetch(`${base}/api/v1/single-stamp/stamp-single-process-company`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(stampRequest(documentId, 2)),
    }).catch((error: unknown) => error);
    await signingCalled(30_000);
    await stop(first, 'SIGKILL');
    expect(await stamping).toBeInstanceOf(Error);

    release();
    const second = await start();
    const restarted = Date.now();
    const details = await until('the retried job to stamp the document', 60_000, async () => {
      const res = await fetch(`${base}/api/v1/single-stamp/get-document-details/${documentId}`, {
        headers: { authorization },
      });
      const body = (await res.json()) as {
        data: { status: string; serial_number: string | null };
      };
      return body.data.serial_number && body.data.status === 'stamp' ? body.data : undefined;
    });
    expect(Date.now() - restarted).toBeLessThan(60_000);
    const issued = fake.requests.filter((r) => r.url === '/chanel/stampv2');
    expect(issued).toHaveLength(1);
    expect(details.serial_number).toBe(fake.serial(1));

    const download = await fetch(`${base}/api/v1/single-stamp/download-file/${documentId}`, {
      headers: { authorization },
    });
    expect(download.status).toBe(200);
    const report = pdfsig(Buffer.from(await download.arrayBuffer()));
    expect(report).toContain(`Signature Field Name: Emet${details.serial_number}`);
    expect(report).toContain('Signature Validation: Signature is Valid.');

    await stop(second, 'SIGTERM');

    // The books, read from the data folder once the server has stopped.
    await harness.readDatabase(async (pg) => {
      const serials = await pg.query<{ serial: string; status: string }>(
        'select serial, status from serial_numbers where document_id = $1',
        [documentId],
      );
      expect(serials.rows).toEqual([{ serial: fake.serial(1), status: 'stamped' }]);
      // The dead attempt's unit went back when the retry took over; the retry's unit is spent.
      const reservations = await pg.query<{ state: string }>(
        "select state from unit_reservations where document_id = $1 and kind = 'emeterai' order by id",
        [documentId],
      );
      expect(reservations.rows).toEqual([{ state: 'released' }, { state: 'spent' }]);
      const moved = await pg.query<{ reason: string; n: number }>(
        `select reason, count(*)::int as n from quota_movements
          where ref_type = 'document' and ref_id = $1 group by reason order by reason`,
        [String(documentId)],
      );
      const net = Object.fromEntries(moved.rows.map((r) => [r.reason, r.n]));
      expect((net.spend ?? 0) - (net.refund ?? 0)).toBe(1);
      const stored = fs
        .readdirSync(path.join(harness.dataDir, 'files', 'documents'), { recursive: true })
        .map(String)
        .filter((name) => name.startsWith(`${documentId}-`) && /stamped-.*\.pdf$/.test(name));
      expect(stored).toHaveLength(1);
    });
  }, 240_000);
});
