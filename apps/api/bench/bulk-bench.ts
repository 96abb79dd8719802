/**
 * `npm run bench:bulk`: BENCH_DOCS (200) distinct PDFs of 1–5 pages (made here) stamped as one
 * batch through the HTTP API of a server started as its own process (PGlite in a fresh temp
 * folder, or PostgreSQL with DATABASE_URL), with the local issuer: upload (preflight), start, and
 * polling until the last file is stamped. Beside it, in the same run and on the same server, the
 * single-stamp API's own rate (upload + stamp-single-process-company, BENCH_SINGLE documents,
 * 4 at a time) as the baseline. Prints documents per second, p50/p99 time per document (start of
 * the batch to its stamp), and the server's peak RSS. A benchmark, not a test: no assertions.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ZBatchDetail, ZBatchResponse } from '@bubuh/contracts';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { openDatabase, type TDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { move, SYSTEM_ISSUED } from '../src/modules/quota/ledger.ts';
import { sleep, startBenchServer, stopBenchServer } from './bench-server.ts';

const PORT = Number(process.env.BENCH_PORT ?? 18_060);
const BASE = `http://127.0.0.1:${PORT}`;
const DOCS = Number(process.env.BENCH_DOCS ?? 200);
const SINGLE = Number(process.env.BENCH_SINGLE ?? Math.min(40, Math.max(8, Math.round(DOCS / 5))));
const UPLOADS_AT_ONCE = 4;
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo#2026!';
const DATABASE_URL = process.env.DATABASE_URL ?? '';
const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'bubuh-bench-bulk-'));

const startServer = () =>
  startBenchServer(['--import', 'tsx', 'apps/api/src/server.ts'], BASE, {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR,
    DATABASE_URL,
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(DATA_DIR, 'no-web'),
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    BATCH_MAX_FILES: String(Math.max(1000, DOCS)),
  });

/** Peak resident memory of a process (Linux /proc), in MB. */
const peakRssMb = (pid: number) => {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
};

const makePdf = async (n: number) => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < 1 + (n % 5); p += 1) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Kontrak nomor ${n} — halaman ${p + 1}`, { x: 72, y: 760, size: 14, font });
  }
  return new Blob([await doc.save()], { type: 'application/pdf' });
};

const call = async (token: string, method: string, url: string, body?: unknown) => {
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as unknown;
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json as { data: Record<string, unknown> };
};

const upload = (token: string, url: string, file: Blob, name: string) => {
  const form = new FormData();
  form.append('file', file, name);
  return call(token, 'POST', url, form);
};

/** Runs `work(i)` for i in 0..n-1, `width` at a time. */
const pool = async (n: number, width: number, work: (i: number) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) {
        const i = next;
        next += 1;
        await work(i);
      }
    }),
  );
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

const main = async () => {
  const driver = DATABASE_URL ? 'postgres' : 'pglite';
  console.log(`[bench:bulk] ${driver}, ${DOCS} documents in one batch, ${SINGLE} single stamps`);
  // First start: migrations and the demo data; then quota for the run with the server stopped.
  await stopBenchServer(await startServer());
  const database: TDatabase = DATABASE_URL
    ? await openDatabase({ driver: 'postgres', url: DATABASE_URL, poolSize: 2 })
    : await openDatabase({ driver: 'pglite', dataDir: DATA_DIR });
  try {
    const [admin] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'admin@demo.local'));
    const companyId = admin?.companyId ?? 0;
    await move(database.db, {
      kind: 'emeterai',
      quantity: DOCS + SINGLE + 10,
      from: SYSTEM_ISSUED,
      to: { ownerType: 'company', ownerId: companyId, companyId },
      reason: 'purchase',
      companyId,
    });
  } finally {
    await database.close();
  }
  const server = await startServer();
  try {
    const login = await call('', 'POST', '/api/v1/auth/login', {
      email: 'admin@demo.local',
      password: PASSWORD,
    });
    const token = String(login.data.accessToken);
    const files = await Promise.all(Array.from({ length: DOCS + SINGLE }, (_, i) => makePdf(i)));

    // Baseline: the single-stamp API, 4 documents at a time (upload, then stamp).
    const singleStart = performance.now();
    await pool(SINGLE, 4, async (i) => {
      const up = await upload(
        token,
        '/api/v1/single-stamp/upload-document',
        files[DOCS + i] as Blob,
        `s${i}.pdf`,
      );
      await call(token, 'POST', '/api/v1/single-stamp/stamp-single-process-company', {
        document_id: up.data.document_id,
        page: 1,
        x: 460,
        y: 60,
        width: 75,
        height: 75,
        doc_type: '3',
      });
    });
    const singleRate = SINGLE / ((performance.now() - singleStart) / 1000);

    // The batch: create, upload every file (preflight), start, poll until done.
    const t0 = performance.now();
    const created = ZBatchResponse.parse(
      await call(token, 'POST', '/api/v1/batch-stamp/create-batch', {
        name: `Bench ${DOCS}`,
        doc_type: '3',
        placement: { page_mode: 'last', page: 1, x: 460, y: 60, width: 75, height: 75 },
      }),
    ).data;
    await pool(DOCS, UPLOADS_AT_ONCE, async (i) => {
      await upload(
        token,
        `/api/v1/batch-stamp/batch-document-upload?batch_id=${created.id}`,
        files[i] as Blob,
        `doc-${i}.pdf`,
      );
    });
    const uploaded = performance.now();
    await call(token, 'POST', '/api/v1/batch-stamp/stamp-batch-process', { batch_id: created.id });
    const started = performance.now();
    for (;;) {
      const d = ZBatchDetail.parse(
        await call(
          token,
          'GET',
          `/api/v1/batch-stamp/detail-batch-documents/${created.id}?perPage=1`,
        ),
      ).data;
      if (d.batch.status === 'done') break;
      await sleep(250);
    }
    const finished = performance.now();
    // Time per document: from the batch's start to its stamp (read back from the items).
    const startedAt = Date.now() - (finished - started);
    const perDoc: number[] = [];
    for (let page = 1; (page - 1) * 100 < DOCS; page += 1) {
      const d = ZBatchDetail.parse(
        await call(
          token,
          'GET',
          `/api/v1/batch-stamp/detail-batch-documents/${created.id}?perPage=100&page=${page}`,
        ),
      ).data;
      for (const item of d.data)
        if (item.stamped_at) perDoc.push(Date.parse(item.stamped_at) - startedAt);
    }
    perDoc.sort((a, b) => a - b);
    const batch = ZBatchDetail.parse(
      await call(
        token,
        'GET',
        `/api/v1/batch-stamp/detail-batch-documents/${created.id}?perPage=1`,
      ),
    ).data.batch;
    const s = (ms: number) => ms / 1000;
    console.log(`[bench:bulk] stamped ${batch.counts.stamped}, failed ${batch.counts.failed}`);
    console.log(
      `upload + preflight : ${(DOCS / s(uploaded - t0)).toFixed(1)} docs/s (${s(uploaded - t0).toFixed(1)} s)`,
    );
    console.log(
      `stamping (batch)   : ${(DOCS / s(finished - started)).toFixed(1)} docs/s (${s(finished - started).toFixed(1)} s)`,
    );
    console.log(`end to end (batch) : ${(DOCS / s(finished - t0)).toFixed(1)} docs/s`);
    console.log(
      `single-stamp API   : ${singleRate.toFixed(1)} docs/s (upload + stamp, 4 at a time; baseline)`,
    );
    console.log(
      `time to stamp (from start): p50 ${s(percentile(perDoc, 50)).toFixed(1)} s, p99 ${s(percentile(perDoc, 99)).toFixed(1)} s`,
    );
    console.log(`server peak RSS    : ${peakRssMb(server.pid ?? 0).toFixed(0)} MB`);
  } finally {
    await stopBenchServer(server);
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
