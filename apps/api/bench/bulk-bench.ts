/**
 * `npm run bench:bulk`: BENCH_DOCS (200) distinct PDFs of 1–5 pages (made here) stamped as one
 * batch through the HTTP API of the compiled server started as its own process (PGlite in a
 * fresh temp folder, or PostgreSQL with DATABASE_URL), with the local issuer: upload
 * (preflight), start, and polling until the last file is stamped. On PostgreSQL it runs twice:
 * the server alone, then the server and one extra `npm run worker` process (compiled), and
 * counts the batch documents each process stamped. Beside it, in the same run and on the same
 * server: the single-stamp API (BENCH_SINGLE one-page uploads, then stamped by 4 clients) and
 * the engine's own rate on one thread in this process, as the baselines. Prints documents per
 * second, p50/p99 time per document (start of the batch to its stamp), server CPU per
 * document and the server's peak RSS. For each phase it also prints how busy the whole machine
 * was and, on PostgreSQL, the CPU its server processes spent per document. BENCH_PROXY=1 (on
 * PostgreSQL) also counts statements and round trips per document and the documents each
 * process stamped, through a proxy in front of the database, one per process (they include the
 * idle polling of the job workers and this script's progress reads); the proxy relays every
 * message through this process, on the same cores, and costs the server a quarter to a third of
 * its stamping rate (29 Nov 2026), so the rates of such a run are not the product's.
 * Settings: BENCH_DOCS, BENCH_SINGLE, BENCH_ROUNDS=1 (PostgreSQL: the server alone),
 * BENCH_UPLOAD=zip|process (one ZIP, or upload-and-start calls), BENCH_SERVER_OUT (a file for the
 * server's standard output),
 * BENCH_PROXY=1, BENCH_API_DIST (another build), BENCH_NODE_ARGS (node flags for the server,
 * e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). A benchmark, not a test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ZBatchDetail, ZBatchResponse } from '@bubuh/contracts';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import yazl from 'yazl';
import { SERVER_NODE_FLAGS } from '../server-flags.mjs';
import { openDatabase, type TDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { move, SYSTEM_ISSUED } from '../src/modules/quota/ledger.ts';
import {
  busyPercent,
  machineTicks,
  peakRssMb,
  postgresCpuSeconds,
  processCpuSeconds,
  sleep,
  startBenchServer,
  startBenchWorker,
  startCountingProxy,
  stopBenchServer,
  type TWireCounts,
} from './bench-server.ts';
import { multipartFile, request } from './http-client.ts';
import { engineRate, onePagePdf, stampMany, uploadMany } from './stamp-bench.ts';

const PORT = Number(process.env.BENCH_PORT ?? 18_060);
const BASE = `http://127.0.0.1:${PORT}`;
const DOCS = Number(process.env.BENCH_DOCS ?? 200);
const SINGLE = Number(
  process.env.BENCH_SINGLE ?? Math.min(100, Math.max(20, Math.round(DOCS / 5))),
);
const UPLOADS_AT_ONCE = 4;
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo#2026!';
const DATABASE_URL = process.env.DATABASE_URL ?? '';
/**
 * BENCH_PROXY=1: statements counted by a proxy that relays every message through this process
 * (it slows the server down: its rates are then not the product's).
 */
const COUNTING = DATABASE_URL !== '' && process.env.BENCH_PROXY === '1';
/** BENCH_ROUNDS=1: on PostgreSQL, the server alone (no round with an extra worker process). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'bubuh-bench-bulk-'));
/**
 * BENCH_API_DIST: another compiled API to run (e.g. an older build, for before/after in the
 * same minutes); by default this tree's, built first when stale.
 */
const DIST = process.env.BENCH_API_DIST ?? '';
/**
 * BENCH_UPLOAD=zip: the batch's files go up as one ZIP of PDFs (the `batch-zip-upload` call, as
 * when a user drops a ZIP), instead of one upload per file, four at a time (the web app's way).
 */
const ZIP_UPLOAD = process.env.BENCH_UPLOAD === 'zip';
/**
 * BENCH_UPLOAD=process: each file goes up through `batch-document-upload-one-process` (upload and
 * start in one call, as an API client sends a batch): the first file starts the batch and the
 * rest are stamped while the others still upload. Without it the web app's way: every file
 * uploaded and checked first, then the batch started.
 */
const PROCESS_UPLOAD = process.env.BENCH_UPLOAD === 'process';
/** BENCH_NODE_ARGS: node flags for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

/**
 * A document stamped: its serial is stored as stamped with the document, one statement per
 * stamp (bench-server's proxy; during the batch phase only batch documents are stamped).
 */
const BATCH_STAMPED = /^with "stored_document" as \(update "documents"/;

type TProcess = { pid: number; proxy: Awaited<ReturnType<typeof startCountingProxy>> | null };

const serverEnv = (databaseUrl: string) => ({
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATA_DIR,
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: 'warn',
  WEB_DIST: path.join(DATA_DIR, 'no-web'),
  RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
  RATE_LIMIT_STAMP_PER_MINUTE: '1000000',
  BATCH_MAX_FILES: String(Math.max(1000, DOCS)),
});

/** The server as `npm start` runs it: compiled JavaScript (built first when stale). */
const startServer = async (databaseUrl = DATABASE_URL) => {
  if (!DIST) {
    const { apiBuildIsStale, buildApi } = await import('../build.mjs');
    if (apiBuildIsStale()) await buildApi();
  }
  const server = path.join(DIST || 'apps/api/dist', 'server.js');
  return startBenchServer(
    [...SERVER_NODE_FLAGS, ...NODE_ARGS, server],
    BASE,
    serverEnv(databaseUrl),
  );
};

const makePdf = async (n: number) => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < 1 + (n % 5); p += 1) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Kontrak nomor ${n} — halaman ${p + 1}`, { x: 72, y: 760, size: 14, font });
  }
  return doc.save();
};

/** The files as one ZIP (`doc-<i>.pdf` entries, deflated), built in memory. */
const zipOf = async (files: Uint8Array[]) => {
  const zip = new yazl.ZipFile();
  for (const [i, file] of files.entries()) zip.addBuffer(Buffer.from(file), `doc-${i}.pdf`);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const call = async (token: string, method: string, url: string, body?: unknown) => {
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as unknown;
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json as { data: Record<string, unknown> };
};

/**
 * One file uploaded as the web app sends it (multipart field `file`), through the lighter client
 * (bench/http-client.ts): the load generator shares the server's two cores.
 */
const upload = async (token: string, url: string, file: Uint8Array, name: string) => {
  const type = name.endsWith('.zip') ? 'application/zip' : 'application/pdf';
  const { body, contentType } = multipartFile('file', name, type, file);
  const res = await request(`${BASE}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  });
  const json = JSON.parse(res.body.toString()) as unknown;
  if (res.status >= 300) throw new Error(`POST ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json as { data: Record<string, unknown> };
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

/** CPU seconds and wire counts of every process of a round, to take differences of. */
const snapshot = (processes: TProcess[]) =>
  processes.map((p) => ({
    cpu: processCpuSeconds(p.pid),
    wire: p.proxy ? { ...p.proxy.counts, matched: { ...p.proxy.counts.matched } } : null,
  }));

type TSnapshot = ReturnType<typeof snapshot>;

/** Per document between two snapshots: CPU ms of all processes, statements and round trips. */
const perDoc = (before: TSnapshot, after: TSnapshot, docs: number) => {
  let cpu = 0;
  let statements = 0;
  let roundTrips = 0;
  const stamped: number[] = [];
  after.forEach((a, i) => {
    const b = before[i];
    cpu += a.cpu - (b?.cpu ?? 0);
    const bw: TWireCounts | null | undefined = b?.wire;
    if (a.wire && bw) {
      statements += a.wire.statements - bw.statements;
      roundTrips += a.wire.roundTrips - bw.roundTrips;
      stamped.push((a.wire.matched.batch ?? 0) - (bw.matched.batch ?? 0));
    }
  });
  return {
    cpuMs: (cpu * 1000) / docs,
    statements: statements / docs,
    roundTrips: roundTrips / docs,
    stamped,
  };
};

type TRound = Record<string, string>;

/** One round: the single-stamp baseline, then the batch, on a server (and maybe a worker). */
const round = async (label: string, extraWorker: boolean): Promise<TRound> => {
  const proxyOf = (port: number) =>
    COUNTING ? startCountingProxy(DATABASE_URL, port, { batch: BATCH_STAMPED }) : null;
  const serverProxy = await proxyOf(PORT + 1);
  const server = await startServer(serverProxy?.url ?? DATABASE_URL);
  const processes: TProcess[] = [{ pid: server.pid ?? 0, proxy: serverProxy }];
  const workerProxy = extraWorker ? await proxyOf(PORT + 2) : null;
  const worker = workerProxy
    ? await startBenchWorker(
        [...SERVER_NODE_FLAGS, path.join(DIST || 'apps/api/dist', 'worker.js')],
        serverEnv(workerProxy.url),
        'working the job queues',
      )
    : null;
  if (worker) processes.push({ pid: worker.pid ?? 0, proxy: workerProxy });
  try {
    const login = await call('', 'POST', '/api/v1/auth/login', {
      email: 'admin@demo.local',
      password: PASSWORD,
    });
    const token = String(login.data.accessToken);
    const authed = (url: string, init: RequestInit) =>
      fetch(`${BASE}${url}`, {
        ...init,
        headers: { ...(init.headers ?? {}), authorization: `Bearer ${token}` },
      });
    const files = await Promise.all(Array.from({ length: DOCS }, (_, i) => makePdf(i)));
    const zipped = ZIP_UPLOAD ? await zipOf(files) : Buffer.alloc(0);

    // Baseline: single stamps through the API, 4 clients (uploads first, not timed).
    const ids = await uploadMany(authed, await onePagePdf(), SINGLE);
    const s0 = snapshot(processes);
    const single = await stampMany(BASE, token, ids);
    const singleCost = perDoc(s0, snapshot(processes), single.done);

    // The batch: create, upload every file (preflight), start, poll until done.
    const t0 = performance.now();
    const m0 = machineTicks();
    const pg0 = postgresCpuSeconds();
    const u0 = snapshot(processes);
    const created = ZBatchResponse.parse(
      await call(token, 'POST', '/api/v1/batch-stamp/create-batch', {
        name: `Bench ${label} ${DOCS}`,
        doc_type: '3',
        placement: { page_mode: 'last', page: 1, x: 460, y: 60, width: 75, height: 75 },
      }),
    ).data;
    if (ZIP_UPLOAD) {
      const added = await upload(
        token,
        `/api/v1/batch-stamp/batch-zip-upload?batch_id=${created.id}`,
        zipped,
        'documents.zip',
      );
      const count = (added.data.items as unknown[]).length;
      if (count !== DOCS) throw new Error(`the ZIP added ${count} of ${DOCS} files`);
    } else {
      const route = PROCESS_UPLOAD ? 'batch-document-upload-one-process' : 'batch-document-upload';
      await pool(DOCS, UPLOADS_AT_ONCE, async (i) => {
        await upload(
          token,
          `/api/v1/batch-stamp/${route}?batch_id=${created.id}`,
          files[i] ?? new Uint8Array(),
          `doc-${i}.pdf`,
        );
      });
    }
    const uploaded = performance.now();
    const b0 = snapshot(processes);
    const m1 = machineTicks();
    const pg1 = postgresCpuSeconds();
    const uploadCost = perDoc(u0, b0, DOCS);
    if (!PROCESS_UPLOAD)
      await call(token, 'POST', '/api/v1/batch-stamp/stamp-batch-process', {
        batch_id: created.id,
      });
    const started = PROCESS_UPLOAD ? t0 : performance.now();
    const detail = (query: string) =>
      call(token, 'GET', `/api/v1/batch-stamp/detail-batch-documents/${created.id}?${query}`).then(
        (body) => ZBatchDetail.parse(body).data,
      );
    while ((await detail('perPage=1')).batch.status !== 'done') await sleep(250);
    const finished = performance.now();
    const batchCost = perDoc(b0, snapshot(processes), DOCS);
    const m2 = machineTicks();
    const pg2 = postgresCpuSeconds();
    const pgMs = (a: number, b: number) =>
      DATABASE_URL ? (((b - a) * 1000) / DOCS).toFixed(1) : 'in the server';
    // Time per document: from the batch's start to its stamp (read back from the items).
    const startedAt = Date.now() - (finished - started);
    const times: number[] = [];
    for (let page = 1; (page - 1) * 100 < DOCS; page += 1) {
      for (const item of (await detail(`perPage=100&page=${page}`)).data)
        if (item.stamped_at) times.push(Date.parse(item.stamped_at) - startedAt);
    }
    times.sort((a, b) => a - b);
    const { counts } = (await detail('perPage=1')).batch;
    const s = (ms: number) => ms / 1000;
    const wire = (c: ReturnType<typeof perDoc>) =>
      COUNTING ? `${c.statements.toFixed(1)} / ${c.roundTrips.toFixed(1)}` : 'n/a';
    return {
      'stamped / failed (batch)': `${counts.stamped} / ${counts.failed}`,
      'batch documents stamped per process': COUNTING ? batchCost.stamped.join(' + ') : 'n/a',
      [`upload + preflight${ZIP_UPLOAD ? ' (one ZIP)' : PROCESS_UPLOAD ? ' (stamping meanwhile)' : ''}, docs/s`]:
        (DOCS / s(uploaded - t0)).toFixed(1),
      'upload: CPU ms per doc (server processes)': uploadCost.cpuMs.toFixed(1),
      'upload: PostgreSQL CPU ms per doc': pgMs(pg0, pg1),
      'upload: machine busy (both cores), %': busyPercent(m0, m1).toFixed(0),
      'stamping (batch), docs/s': (DOCS / s(finished - started)).toFixed(1),
      'stamping: machine busy (both cores), %': busyPercent(m1, m2).toFixed(0),
      'stamping: PostgreSQL CPU ms per doc': pgMs(pg1, pg2),
      'end to end (batch), docs/s': (DOCS / s(finished - t0)).toFixed(1),
      'p50 / p99 from start to stamp, s': `${s(percentile(times, 50)).toFixed(1)} / ${s(percentile(times, 99)).toFixed(1)}`,
      'batch: CPU ms per doc (server processes)': batchCost.cpuMs.toFixed(1),
      'batch: statements / round trips per doc': wire(batchCost),
      'single-stamp API, 4 clients, docs/s': `${single.perSecond.toFixed(1)} (${single.done} ok, ${single.errors} errors)`,
      'single: CPU ms per doc (all processes)': singleCost.cpuMs.toFixed(1),
      'single: statements / round trips per doc': wire(singleCost),
      'server peak RSS, MB': peakRssMb(server.pid ?? 0).toFixed(0),
    };
  } finally {
    if (worker) await stopBenchServer(worker);
    await stopBenchServer(server);
    await serverProxy?.close();
    await workerProxy?.close();
  }
};

/** The first start (migrations and demo data), then units for every round (server stopped). */
const prepare = async (units: number) => {
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
      quantity: units,
      from: SYSTEM_ISSUED,
      to: { ownerType: 'company', ownerId: companyId, companyId },
      reason: 'purchase',
      companyId,
    });
  } finally {
    await database.close();
  }
};

const main = async () => {
  const rounds: [string, boolean][] = DATABASE_URL
    ? (
        [
          ['postgres', false],
          ['postgres + 1 worker', true],
        ] as [string, boolean][]
      ).slice(0, ROUNDS)
    : [['pglite', false]];
  console.log(
    `[bench:bulk] ${rounds.map((r) => r[0]).join(', ')}: ${DOCS} documents in one batch, ${SINGLE} single stamps`,
  );
  await prepare((DOCS + SINGLE) * rounds.length + 10);
  const results: [string, TRound][] = [];
  try {
    for (const [label, extraWorker] of rounds)
      results.push([label, await round(label, extraWorker)]);
  } finally {
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
  }
  const engine = await engineRate(await onePagePdf());
  const keys = Object.keys(results[0]?.[1] ?? {});
  const width = Math.max(...keys.map((k) => k.length));
  console.log(`${''.padEnd(width)} | ${results.map(([l]) => l.padEnd(20)).join(' | ')}`);
  for (const key of keys)
    console.log(
      `${key.padEnd(width)} | ${results.map(([, r]) => (r[key] ?? '').padEnd(20)).join(' | ')}`,
    );
  console.log(`engine alone, one thread (1-page stamp): ${engine.toFixed(0)} stamps/s`);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
