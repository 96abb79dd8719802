import {
  type TBatch,
  ZBatchDetail,
  ZBatchItemResponse,
  ZBatchResponse,
  ZDocumentResponse,
  ZInvoiceResponse,
} from '@bubuh/contracts';
import type pg from 'pg';
import { describe, expect, it, onTestFailed } from 'vitest';
import type { z } from 'zod';
import { makePdf, pdfsig } from './documents-helpers.ts';
import { testDbDriver } from './helpers.ts';
import { stop } from './server-process.ts';
import {
  errorsOf,
  JOBS_SCHEMA,
  PUBLIC_URL,
  type TApiProcess,
  type TRoleProcess,
  useTopology,
  waitFor,
} from './topology-harness.ts';
import { unzip } from './zip.ts';

/**
 * Issue 46: the scaled topology of docs/deploy.md as an operator runs it: 2 API processes
 * (JOBS_WORKERS=false) and 2 worker processes, compiled, on one PostgreSQL database and one
 * S3-compatible bucket on loopback. A batch of 200 PDFs goes up through both API processes and
 * is stamped by both workers; one worker is SIGKILLed while documents are still to stamp. The
 * other takes over its jobs and finishes the batch: every document stamped once with a serial
 * of its own, one unit spent per stamp and none held, and both API processes serve the batch and
 * its files. PostgreSQL run only (CI's second pass): the embedded database is one process's.
 */

const FILES = 200;
/** Uploads in flight at once (the web app sends a few at a time). */
const UPLOADS_AT_ONCE = 4;
const BOX = { page_mode: 'last', page: 1, x: 400, y: 100, width: 75, height: 75 } as const;
const ITEM_QUEUE = 'batch-stamp-item';

/** Documents of the batch neither stamped nor failed. */
const pendingOf = ({ counts }: TBatch) => counts.total - counts.stamped - counts.failed;

/** Fails at once when a process that should run has ended, with what it printed. */
const expectRunning = (roles: readonly TRoleProcess[]) => {
  for (const role of roles) {
    if (!role.running())
      throw new Error(
        `${role.name} ended (${role.child.exitCode ?? role.child.signalCode}):\n${role.output()}`,
      );
  }
};

describe.runIf(testDbDriver() === 'postgres')('the scaled topology (docs/deploy.md)', () => {
  const topology = useTopology();

  it('stamps a batch across 2 API processes and 2 workers, one worker SIGKILLed midway', async () => {
    onTestFailed(() => {
      console.error(`the processes' output:\n${topology.report()}`);
    });
    // docs/deploy.md, Migrations: one API process first, the others once it answers.
    const api1 = await topology.startApi('api-1');
    const [api2, victim, survivor] = await Promise.all([
      topology.startApi('api-2'),
      topology.startWorker('worker-1'),
      topology.startWorker('worker-2'),
    ]);
    const apis: readonly [TApiProcess, TApiProcess] = [api1, api2];
    const staying: readonly TRoleProcess[] = [api1, api2, survivor];

    // Signed in on one API process, the token works on the other: they share JWT_SECRET.
    const login = await api1.call('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.local', password: topology.demoPassword() }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;
    const authorization = `Bearer ${accessToken}`;

    const call = async (api: TApiProcess, method: string, route: string, body?: unknown) => {
      const res = await api.call(route, {
        method,
        headers: {
          authorization,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!res.ok)
        throw new Error(
          `${api.name}: ${method} ${route} answered ${res.status}: ${await res.text()}`,
        );
      return res;
    };
    const json = async <T extends z.ZodType>(
      schema: T,
      api: TApiProcess,
      method: string,
      route: string,
      body?: unknown,
    ): Promise<z.infer<T>> => schema.parse(await (await call(api, method, route, body)).json());
    const detail = async (api: TApiProcess, batchId: number, query = 'perPage=1') =>
      (
        await json(
          ZBatchDetail,
          api,
          'GET',
          `/api/v1/batch-stamp/detail-batch-documents/${batchId}?${query}`,
        )
      ).data;

    // The demo company holds fewer units than the batch needs: it buys them in the sandbox.
    const invoice = await json(ZInvoiceResponse, api2, 'POST', '/api/v1/purchase/quota', {
      type: 'emeterai',
      quantity: FILES,
    });
    await call(api1, 'POST', `/api/v1/purchase/sandbox/${invoice.data.id}/complete`, {
      outcome: 'success',
    });

    const created = await json(ZBatchResponse, api1, 'POST', '/api/v1/batch-stamp/create-batch', {
      name: 'Topologi',
      doc_type: '3',
      placement: BOX,
    });
    const batchId = created.data.id;
    const pdfs = [await makePdf(1), await makePdf(2)];
    let next = 0;
    await Promise.all(
      Array.from({ length: UPLOADS_AT_ONCE }, async () => {
        while (next < FILES) {
          const i = next;
          next += 1;
          const form = new FormData();
          const pdf = pdfs[i % pdfs.length] ?? Buffer.alloc(0);
          form.append('file', new Blob([pdf], { type: 'application/pdf' }), `dok-${i}.pdf`);
          // The files go up through both API processes, as the proxy spreads them.
          const api = apis[i % apis.length] ?? api1;
          const res = await api.call(
            `/api/v1/batch-stamp/batch-document-upload?batch_id=${batchId}`,
            { method: 'POST', headers: { authorization }, body: form },
          );
          const text = await res.text();
          expect(res.status, `${api.name}: ${text}`).toBe(201);
          expect(ZBatchItemResponse.parse(JSON.parse(text)).data.status).toBe('ready');
        }
      }),
    );
    const draft = (await detail(api1, batchId)).batch;
    expect(draft.counts).toMatchObject({ total: FILES, ready: FILES });
    const balanceBefore = draft.balance;
    expect(balanceBefore).toBeGreaterThanOrEqual(FILES);

    const started = await json(
      ZBatchResponse,
      api2,
      'POST',
      '/api/v1/batch-stamp/stamp-batch-process',
      { batch_id: batchId },
    );
    expect(started.data.status).toBe('running');

    // The progress screen's poll, through either API process in turn.
    let turn = 0;
    let last: TBatch | undefined;
    const poll = async (running: readonly TRoleProcess[]) => {
      expectRunning(running);
      turn += 1;
      last = (await detail(apis[turn % 2] ?? api1, batchId)).batch;
      return last;
    };
    const seen = () => JSON.stringify(last?.counts);

    // Midway: a fifth stamped (the workers are at it), the rest still to do.
    const midway = await waitFor(
      'the workers to stamp a fifth of the batch',
      120_000,
      async () => {
        const batch = await poll([...staying, victim]);
        return batch.counts.stamped >= FILES / 5 ? batch : undefined;
      },
      seen,
    );
    expect(midway.status).toBe('running');
    await stop(victim.child, 'SIGKILL');
    expect(victim.child.signalCode).toBe('SIGKILL');
    // Read once it has gone: what is still to do now was still to do when it was killed.
    const afterKill = (await detail(api1, batchId)).batch;
    expect(pendingOf(afterKill), JSON.stringify(afterKill.counts)).toBeGreaterThan(0);

    // The other worker finishes the batch, the killed one's jobs included once they expire.
    const done = await waitFor(
      'the batch to finish',
      240_000,
      async () => {
        const batch = await poll(staying);
        return batch.status === 'done' ? batch : undefined;
      },
      seen,
    );
    expect(done.counts).toEqual({
      total: FILES,
      ready: 0,
      rejected: 0,
      queued: 0,
      stamping: 0,
      stamped: FILES,
      failed: 0,
      cancelled: 0,
    });

    // Both API processes serve the same finished batch: every file stamped, a serial each.
    const itemsOn = async (api: TApiProcess) => {
      const pages = await Promise.all(
        [1, 2].map((page) => detail(api, batchId, `perPage=100&page=${page}&sort=id`)),
      );
      return pages.flatMap((p) => p.data);
    };
    const items = await itemsOn(api1);
    expect(await itemsOn(api2)).toEqual(items);
    expect(items).toHaveLength(FILES);
    expect(items.filter((item) => item.status !== 'stamped')).toEqual([]);
    const serials = items.map((item) => item.serial_number);
    expect(serials.filter((serial) => !serial)).toEqual([]);
    expect(new Set(serials).size).toBe(FILES);
    const documentIds = items.map((item) => item.document_id ?? 0);
    expect(new Set(documentIds).size).toBe(FILES);
    // The payer paid one unit per stamped document, as both processes report it.
    for (const api of apis)
      expect((await detail(api, batchId)).batch.balance).toBe(balanceBefore - FILES);

    const db = await topology.connect();
    const rows = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
      (await db.query<T>(text, values)).rows;
    try {
      // The killed worker held jobs: they stayed active until they expired, then another
      // process ran them again. Their documents are the ones to look at.
      const retried = await rows<{ item_ids: number[] }>(
        `select data->'itemIds' as item_ids from (
           select name, data, retry_count from ${JOBS_SCHEMA}.job
           union all select name, data, retry_count from ${JOBS_SCHEMA}.archive
         ) j where name = $1 and retry_count > 0`,
        [ITEM_QUEUE],
      );
      expect(retried.length, 'jobs of the killed worker run again').toBeGreaterThan(0);
      const heldIds = new Set(retried.flatMap((job) => job.item_ids));
      const held = items.filter((item) => heldIds.has(item.id));
      expect(held.length).toBeGreaterThan(0);
      expect(held.filter((item) => item.status !== 'stamped')).toEqual([]);

      // One of them, read and downloaded through both API processes: the same stamped file.
      const sample = held[0];
      const downloads: Buffer[] = [];
      for (const api of apis) {
        const doc = await json(
          ZDocumentResponse,
          api,
          'GET',
          `/api/v1/single-stamp/get-document-details/${sample?.document_id}`,
        );
        expect(doc.data).toMatchObject({ status: 'stamp', serial_number: sample?.serial_number });
        const file = await call(
          api,
          'GET',
          `/api/v1/single-stamp/download-file/${sample?.document_id}`,
        );
        downloads.push(Buffer.from(await file.arrayBuffer()));
      }
      const [first = Buffer.alloc(0), second = Buffer.alloc(0)] = downloads;
      expect(second.equals(first)).toBe(true);
      const signatures = pdfsig(first);
      expect(signatures).toContain('Signature Validation: Signature is Valid.');
      // Stamped once: one signature in the file.
      expect(signatures).toContain('Signature #1');
      expect(signatures).not.toContain('Signature #2');
      // Every stamped file is in the shared bucket: the batch's ZIP, through the other process.
      const zip = await call(api2, 'GET', `/api/v1/batch-stamp/download-zip/${batchId}`);
      expect((await unzip(Buffer.from(await zip.arrayBuffer()))).size).toBe(FILES);

      // The books, in the database every process shares. One serial per document, stamped:
      // none issued twice, none left behind.
      const serialRows = await rows<{ document_id: number; serials: number; stamped: number }>(
        `select document_id, count(*)::int as serials,
                count(*) filter (where status = 'stamped')::int as stamped
           from serial_numbers where document_id = any($1) group by document_id`,
        [documentIds],
      );
      expect(serialRows).toHaveLength(FILES);
      expect(serialRows.filter((r) => r.serials !== 1 || r.stamped !== 1)).toEqual([]);
      const states = await rows<{ state: string; n: number }>(
        'select state, count(*)::int as n from documents where id = any($1) group by state',
        [documentIds],
      );
      expect(states).toEqual([{ state: 'stamped', n: FILES }]);
      // Units: one spent per stamped document (spent = stamped), none held anywhere.
      const units = await rows<{ document_id: number; spent: number }>(
        `select document_id, count(*) filter (where state = 'spent')::int as spent
           from unit_reservations where document_id = any($1) and kind = 'emeterai'
          group by document_id`,
        [documentIds],
      );
      expect(units).toHaveLength(FILES);
      expect(units.filter((r) => r.spent !== 1)).toEqual([]);
      const reserved = await rows<{ n: number }>(
        "select count(*)::int as n from unit_reservations where state = 'reserved'",
      );
      expect(reserved[0]?.n).toBe(0);
      // The payer's balance fell by the stamps alone, and is the sum of its ledger entries.
      const payers = await rows<{ balance: number; entries: number }>(
        `select a.balance, (select coalesce(sum(e.delta), 0)::int from quota_entries e
                             where e.account_id = a.id) as entries
           from quota_accounts a
          where a.id in (select payer_account_id from unit_reservations where document_id = any($1))`,
        [documentIds],
      );
      expect(payers).toEqual([{ balance: balanceBefore - FILES, entries: balanceBefore - FILES }]);

      // The owner's "batch finished" mail, sent once by the worker, links to PUBLIC_URL.
      const mails = await waitFor('the batch-finished mail', 60_000, async () => {
        const found = await rows<{ text: string; stamped: number }>(
          `select text, (meta->>'stamped')::int as stamped from mail_outbox
            where template = 'batch-finished' and "to" = 'admin@demo.local'`,
        );
        return found.length > 0 ? found : undefined;
      });
      expect(mails).toHaveLength(1);
      expect(mails[0]?.stamped).toBe(FILES);
      expect(mails[0]?.text).toContain(`${PUBLIC_URL}/stamp/bulk/${batchId}`);
    } finally {
      await db.end();
    }

    for (const api of apis) expect((await api.call('/api/health')).status).toBe(200);
    // No process that kept running reported an error.
    for (const role of staying) expect(errorsOf(role), role.name).toEqual([]);
    // They stop cleanly on SIGTERM, as a service manager stops them.
    for (const role of staying) {
      await stop(role.child, 'SIGTERM');
      expect(role.child.exitCode, `${role.name} on SIGTERM:\n${role.output()}`).toBe(0);
    }
  }, 480_000);
});
