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
 * message through this process, on the same cores, and slows the server's stamping, so the rates
 * of such a run are not the product's.
 * Settings: BENCH_DOCS, BENCH_SINGLE, BENCH_ROUNDS=1 (PostgreSQL: the server alone),
 * BENCH_UPLOAD=zip|process (one ZIP, or upload-and-start calls), BENCH_UPLOADS_AT_ONCE (4),
 * BENCH_WARMUP (a first batch of
 * that many documents before the measured one), BENCH_SERVER_OUT (a file for the
 * server's standard output),
 * BENCH_PROXY=1, BENCH_API_DIST (another build), BENCH_NODE_ARGS (node flags for the server,
 * e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). A benchmark, not a test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SERVER_NODE_FLAGS } from '../server-flags.mjs';
import { openDatabase, type TDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { move, SYSTEM_ISSUED } from '../src/modules/quota/ledger.ts';
import {
  peakRssMb,
  startBenchServer,
  startBenchWorker,
  startCountingProxy,
  stopBenchServer,
} from './bench-server.ts';
import {
  call,
  makePdf,
  measureBatch,
  perDoc,
  snapshot,
  type TProcess,
  type TUploadMode,
  zipOf,
} from './bulk-batch.ts';
import { engineRate, onePagePdf, stampMany, uploadMany } from './stamp-bench.ts';

const PORT = Number(process.env.BENCH_PORT ?? 18_060);
const BASE = `http://127.0.0.1:${PORT}`;
const DOCS = Number(process.env.BENCH_DOCS ?? 200);
const SINGLE = Number(
  process.env.BENCH_SINGLE ?? Math.min(100, Math.max(20, Math.round(DOCS / 5))),
);
const _UPLOADS_AT_ONCE = 4;
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
const UPLOAD_MODE: TUploadMode = ZIP_UPLOAD
  ? 'zip'
  : process.env.BENCH_UPLOAD === 'process'
    ? 'process'
    : 'draft';
/**
 * BENCH_WARMUP: documents of a first batch on the freshly started server before the measured
 * one (its end to end is printed too). 0 by default: the measured batch is the server's first.
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 0);
/** BENCH_NODE_ARGS: node flags for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

/**
 * A document stamped: its serial is stored as stamped with the document, one statement per
 * stamp (bench-server's proxy; during the batch phase only batch documents are stamped).
 */
const BATCH_STAMPED = /^with "stored_document" as \(update "documents"/;

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
    const login = await call(BASE, '', 'POST', '/api/v1/auth/login', {
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
    const zipped = UPLOAD_MODE === 'zip' ? await zipOf(files) : Buffer.alloc(0);
    const warmFiles = await Promise.all(
      Array.from({ length: WARMUP }, (_, i) => makePdf(DOCS + i)),
    );
    const warmZip = UPLOAD_MODE === 'zip' && WARMUP > 0 ? await zipOf(warmFiles) : Buffer.alloc(0);

    // Baseline: single stamps through the API, 4 clients (uploads first, not timed).
    const ids = await uploadMany(authed, await onePagePdf(), SINGLE);
    const s0 = snapshot(processes);
    const single = await stampMany(BASE, token, ids);
    const singleCost = perDoc(s0, snapshot(processes), single.done);

    // The batches: with BENCH_WARMUP, a first one on the freshly started server (V8 still
    // compiling the hot code), then the measured one.
    const batch = (label: string, batchFiles: Uint8Array[], zipped: Uint8Array) =>
      measureBatch({
        base: BASE,
        token,
        label,
        processes,
        files: batchFiles,
        zipped,
        mode: UPLOAD_MODE,
        counting: COUNTING,
        onPostgres: DATABASE_URL !== '',
      });
    const first = WARMUP > 0 ? await batch(`${label} first`, warmFiles, warmZip) : null;
    const measured = await batch(label, files, zipped);
    return {
      ...(first
        ? {
            [`first batch of ${WARMUP} after the start: end to end, docs/s`]:
              first['end to end (batch), docs/s'] ?? '',
          }
        : {}),
      ...measured,
      'single-stamp API, 4 clients, docs/s': `${single.perSecond.toFixed(1)} (${single.done} ok, ${single.errors} errors)`,
      'single: CPU ms per doc (all processes)': singleCost.cpuMs.toFixed(1),
      'single: statements / round trips per doc': COUNTING
        ? `${singleCost.statements.toFixed(1)} / ${singleCost.roundTrips.toFixed(1)}`
        : 'n/a',
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
  await prepare((DOCS + WARMUP + SINGLE) * rounds.length + 10);
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
