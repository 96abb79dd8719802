/**
 * `npm run bench:api`: 100,000 documents of one department, the app started as its own process
 * on PostgreSQL (DATABASE_URL) or PGlite (a data folder under the OS temp dir, reused between
 * runs), and evenly spaced open-loop requests (latency counted from each request's scheduled
 * send time, so a slow server cannot slow the load down) at 100, 250 and 500 req/s against the
 * list (paged, searched), the dashboard and the quota reads, as a department user and a company
 * admin. Prints p50/p99/max, errors, the server's CPU (share of one core and milliseconds per
 * request), the load generator's own CPU per request (bench/http-client.ts: it shares the two
 * cores), PostgreSQL's CPU per request (every postgres process; on the server only), and the old
 * OR-visibility list query's time on the same data as the baseline.
 *
 * The list and dashboard answer 304 to a browser's If-None-Match while nothing changed: each is
 * measured twice, as a first fetch (no validator) and `revalidated` (the ETag of the warm-up
 * answer sent, 304 expected), the second as a browser re-reading an unchanged page would.
 *
 * Then single stamps through the API (bench/stamp-bench.ts): BENCH_STAMPS one-page uploads
 * stamped by 4 clients, with the engine's own rate beside. Before them BENCH_STAMP_WARM (400)
 * stamps the same way warm the stamp's code up (V8 compiles it while they run, so the first
 * stamps after a start cost more CPU each); their rate is printed, not counted.
 *
 * A new server is first warmed up (BENCH_WARM_SECONDS, 2, of each read at 250 req/s; its p99
 * printed, not counted), then each read measured.
 *
 * BENCH_DOCUMENTS (100000), BENCH_SECONDS per level (4), BENCH_RATES ("100,250,500"),
 * BENCH_STAMPS (400; 0 skips), BENCH_PARTS ("reads,stamp"), BENCH_ONLY, BENCH_SERVER_JS (another build to
 * compare, e.g. one of main copied aside; default the compiled server of this tree), BENCH_NODE_ARGS.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SERVER_NODE_FLAGS } from '../server-flags.mjs';
import { openDatabase, type TDatabase } from '../src/db/client.ts';
import {
  busyPercent,
  machineTicks,
  postgresCpuSeconds,
  sleep,
  startBenchServer,
  stopBenchServer,
} from './bench-server.ts';
import { request } from './http-client.ts';
import { benchIds, referenceListMs, seedDocuments } from './seed-documents.ts';
import {
  buyUnits,
  engineRate,
  onePagePdf,
  STAMP_CLIENTS,
  stampMany,
  uploadMany,
} from './stamp-bench.ts';

const PORT = Number(process.env.BENCH_PORT ?? 18_490);
const BASE = `http://127.0.0.1:${PORT}`;
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 2);
const RATES = (process.env.BENCH_RATES ?? '100,250,500').split(',').map(Number);
const STAMPS = Number(process.env.BENCH_STAMPS ?? 400);
const STAMP_WARM = Number(process.env.BENCH_STAMP_WARM ?? 400);
const PARTS = (process.env.BENCH_PARTS ?? 'reads,stamp').split(',');
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo#2026!';
const DATABASE_URL = process.env.DATABASE_URL ?? '';
const DATA_DIR = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'bubuh-bench-api');
/** A level whose p99 passes this is not followed by a higher rate (the machine is shared). */
const GIVE_UP_MS = 2_000;
const SERVER_JS = process.env.BENCH_SERVER_JS;
/** Only the scenarios whose name contains one of these (BENCH_ONLY="list page,dashboard"). */
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
/** BENCH_NODE_ARGS: node flags for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** The server as `npm start` runs it: compiled JavaScript (built first when stale). */
const startServer = async () => {
  const { apiBuildIsStale, buildApi } = await import('../build.mjs');
  if (!SERVER_JS && apiBuildIsStale()) await buildApi();
  return startBenchServer(
    [...SERVER_NODE_FLAGS, ...NODE_ARGS, SERVER_JS ?? 'apps/api/dist/server.js'],
    BASE,
    {
      PORT: String(PORT),
      DATA_DIR,
      DATABASE_URL,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(DATA_DIR, 'no-web'),
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
      RATE_LIMIT_STAMP_PER_MINUTE: '1000000',
    },
  );
};

/** The seeding connection (one, without the app's statement timeout: seeding takes long). */
const openBenchDatabase = async (): Promise<TDatabase> => {
  if (!DATABASE_URL) return openDatabase({ driver: 'pglite', dataDir: DATA_DIR });
  const database = await openDatabase({ driver: 'postgres', url: DATABASE_URL, poolSize: 1 });
  await database.db.execute(sql`set statement_timeout = 0`);
  return database;
};

/** User + system CPU seconds of a process (Linux /proc). */
const cpuSeconds = (pid: number): number => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const login = async (email: string): Promise<string> => {
  const res = await fetch(`${BASE}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await res.json()) as { data?: { accessToken?: string } };
  if (!body.data?.accessToken) throw new Error(`login ${email} failed: ${res.status}`);
  return body.data.accessToken;
};

type TLevel = {
  rate: number;
  sent: number;
  errors: number;
  /** What the errors were: `HTTP <status>` or the failed request's code. */
  kinds: Map<string, number>;
  /**
   * Revalidated requests answered in full (200 with a new ETag) because the ETag's 5-minute
   * window turned during the level: what a browser gets then; counted as answers, not errors.
   */
  renewed: number;
  latencies: number[];
  /** Share of one core, and milliseconds per request sent. */
  cpu: number;
  cpuMs: number;
  /** This process's CPU (the load generator) in milliseconds per request sent. */
  clientMs: number;
  /** PostgreSQL's CPU (every server process) in milliseconds per request sent; 0 on PGlite. */
  dbMs: number;
};

/** A request as the browser sends it: with the validator of its cached copy when it has one. */
const headersOf = (token: string, etag?: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  ...(etag ? { 'if-none-match': etag } : {}),
});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** Open loop: request i leaves at start + i/rate whatever the previous ones are doing. */
const runLevel = async (
  url: string,
  headers: Record<string, string>,
  rate: number,
  pid: number,
  seconds = SECONDS,
): Promise<TLevel> => {
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const revalidated = Boolean(headers['if-none-match']);
  const expected = revalidated ? 304 : 200;
  const level: TLevel = {
    rate,
    sent: 0,
    errors: 0,
    kinds: new Map(),
    renewed: 0,
    latencies: [],
    cpu: 0,
    cpuMs: 0,
    clientMs: 0,
    dbMs: 0,
  };
  const failed = (kind: string) => {
    level.errors += 1;
    level.kinds.set(kind, (level.kinds.get(kind) ?? 0) + 1);
  };
  const cpuBefore = cpuSeconds(pid);
  const dbBefore = DATABASE_URL ? postgresCpuSeconds() : 0;
  const clientBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const start = performance.now() + 20;
  const inflight: Promise<void>[] = [];
  const fire = (scheduled: number) => {
    level.sent += 1;
    inflight.push(
      request(`${BASE}${url}`, { headers, timeoutMs: seconds * 1000 + 10_000 })
        .then((res) => {
          const renewed =
            revalidated && res.status === 200 && res.etag !== headers['if-none-match'];
          if (renewed) level.renewed += 1;
          if (res.status !== expected && !renewed) failed(`HTTP ${res.status}`);
          else level.latencies.push(performance.now() - scheduled);
        })
        .catch((error: unknown) => {
          const { code, name } = error as { code?: string; name?: string };
          failed(code ?? name ?? 'request failed');
        }),
    );
  };
  while (level.sent < total) {
    const now = performance.now();
    while (level.sent < total && start + level.sent * interval <= now) {
      fire(start + level.sent * interval);
    }
    await sleep(1);
  }
  await Promise.all(inflight);
  const cpu = cpuSeconds(pid) - cpuBefore;
  level.cpu = cpu / ((performance.now() - wallBefore) / 1000);
  level.cpuMs = (cpu * 1000) / level.sent;
  const client = process.cpuUsage(clientBefore);
  level.clientMs = (client.user + client.system) / 1000 / level.sent;
  level.dbMs = DATABASE_URL ? ((postgresCpuSeconds() - dbBefore) * 1000) / level.sent : 0;
  level.latencies.sort((a, b) => a - b);
  return level;
};

/**
 * A new server's first seconds under load: every read at 250 req/s for BENCH_WARM_SECONDS each
 * (V8 compiling the hot paths, the pool opening connections whose backends start with cold
 * caches), printed and not counted in the levels that follow; 0 skips it.
 */
const warmUp = async (scenarios: TScenario[], pid: number) => {
  if (WARM_SECONDS <= 0 || scenarios.length === 0) return;
  const worst: string[] = [];
  for (const [name, token, url] of scenarios) {
    const level = await runLevel(url, headersOf(token), 250, pid, WARM_SECONDS);
    worst.push(`${name} ${percentile(level.latencies, 99).toFixed(0)}`);
  }
  console.log(
    `[bench] a new server's warm-up, ${WARM_SECONDS} s of each read at 250 req/s (not counted below), p99 ms: ${worst.join(', ')}`,
  );
};

/** Name, bearer token, URL, and whether it is sent with the warm-up answer's ETag. */
type TScenario = [name: string, token: string, url: string, revalidate?: boolean];

/** Warm-up (plans, caches), one request at a time (the unloaded latency), then the rates. */
const runScenario = async ([name, token, url, revalidate]: TScenario, who: string, pid: number) => {
  const label = `${name.padEnd(26)} ${who.padEnd(6)}`;
  const alone: number[] = [];
  let headers = headersOf(token);
  for (let i = 0; i < 8; i += 1) {
    const sent = performance.now();
    const res = await request(`${BASE}${url}`, { headers });
    if (i >= 3) alone.push(performance.now() - sent);
    const etag = res.etag;
    if (revalidate && i === 0) {
      if (!etag) return console.log(`${label} no ETag: not revalidated`);
      headers = headersOf(token, etag);
    }
  }
  alone.sort((a, b) => a - b);
  console.log(`${label} unloaded, one at a time: median ${percentile(alone, 50).toFixed(1)} ms`);
  for (const rate of RATES) {
    if (revalidate) {
      // The browser's copy is the newest answer (the ETag's window may have turned since).
      const { etag } = await request(`${BASE}${url}`, { headers });
      if (etag) headers = headersOf(token, etag);
    }
    const level = await runLevel(url, headers, rate, pid);
    const p99 = percentile(level.latencies, 99);
    const figures = [
      String(rate).padStart(5),
      String(level.sent).padStart(5),
      String(level.errors).padStart(7),
      percentile(level.latencies, 50).toFixed(1).padStart(9),
      p99.toFixed(1).padStart(9),
      (level.latencies.at(-1) ?? 0).toFixed(1).padStart(9),
      `${(level.cpu * 100).toFixed(0)}%`.padStart(11),
      level.cpuMs.toFixed(2).padStart(11),
      level.clientMs.toFixed(2).padStart(11),
      (DATABASE_URL ? level.dbMs.toFixed(2) : '-').padStart(9),
    ];
    const notes = [
      ...[...level.kinds].map(([kind, n]) => `${n} × ${kind}`),
      ...(level.renewed ? [`${level.renewed} answered in full: the ETag's window turned`] : []),
    ];
    console.log(`${label} ${figures.join(' ')}${notes.length ? `  (${notes.join('; ')})` : ''}`);
    if (p99 > GIVE_UP_MS || level.errors > level.sent / 2) break;
    await sleep(500);
  }
};

const main = async () => {
  const driver = DATABASE_URL ? 'postgres' : 'pglite';
  console.log(`[bench] ${driver}, ${DOCUMENTS} documents, ${SECONDS} s per level`);
  // First start: migrations and the demo company; then seed with the server stopped (PGlite
  // allows one process per data folder).
  await stopBenchServer(await startServer());
  const database = await openBenchDatabase();
  let baseline: { user: number; admin: number };
  try {
    const ids = await benchIds(database);
    const seedStart = performance.now();
    if (PARTS.includes('stamp') && STAMPS > 0) await buyUnits(database, ids, STAMPS + STAMP_WARM);
    if (await seedDocuments(database, ids, DOCUMENTS))
      console.log(`[bench] seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    baseline = {
      user: await referenceListMs(database, { userId: ids.userId, companyId: null }),
      admin: await referenceListMs(database, { userId: ids.adminId, companyId: ids.companyId }),
    };
  } finally {
    await database.close();
  }
  const server = await startServer();
  const pid = server.pid ?? 0;
  try {
    const tokens = { user: await login('user@demo.local'), admin: await login('admin@demo.local') };
    const list = '/api/v1/single-stamp/get-document-user?page=3&perPage=10';
    const dashboard = '/api/v1/dashboard/get-document-dashboard';
    const scenarios: TScenario[] = [
      ['list page 3', tokens.user, list],
      [
        'list search',
        tokens.user,
        '/api/v1/single-stamp/get-document-user?perPage=10&search=kontrak',
      ],
      ['dashboard', tokens.user, dashboard],
      ['quota dept', tokens.user, '/api/v1/quota/quota-departement'],
      ['list page 3', tokens.admin, list],
      ['dashboard', tokens.admin, dashboard],
    ];
    const revalidated = scenarios
      .filter(([name]) => name === 'list page 3' || name === 'dashboard')
      .map(([name, token, url]): TScenario => [`${name} revalidated`, token, url, true]);
    console.log(
      `[bench] baseline, old OR-visibility list (page + count(*)) straight on the database: user ${baseline.user.toFixed(1)} ms, admin ${baseline.admin.toFixed(1)} ms`,
    );
    console.log(
      'scenario                   as     req/s  sent  errors    p50 ms    p99 ms    max ms  server CPU  CPU ms/req  client ms/req  db ms/req',
    );
    const who = (token: string) => (token === tokens.admin ? 'admin' : 'user');
    const chosen = (PARTS.includes('reads') ? [...scenarios, ...revalidated] : []).filter(
      ([name]) => ONLY.length === 0 || ONLY.some((part) => name.includes(part)),
    );
    await warmUp(
      chosen.filter(([, , , revalidate]) => !revalidate),
      pid,
    );
    for (const scenario of chosen) await runScenario(scenario, who(scenario[1]), pid);
    if (PARTS.includes('stamp') && STAMPS > 0) {
      const call = (p: string, init: RequestInit) =>
        fetch(`${BASE}${p}`, {
          ...init,
          headers: {
            ...(init.headers as Record<string, string>),
            authorization: `Bearer ${tokens.user}`,
          },
        });
      const pdf = await onePagePdf();
      const uploaded = await uploadMany(call, pdf, STAMPS + STAMP_WARM);
      const docs = uploaded.slice(STAMP_WARM);
      if (STAMP_WARM > 0) {
        const warm = await stampMany(BASE, tokens.user, uploaded.slice(0, STAMP_WARM));
        console.log(
          `single stamp warm-up (not counted): the first ${warm.done} stamps after the start at ${warm.perSecond.toFixed(1)} documents/s, ${warm.errors} errors`,
        );
      }
      const cpuBefore = cpuSeconds(pid);
      const dbBefore = DATABASE_URL ? postgresCpuSeconds() : 0;
      const machineBefore = machineTicks();
      const result = await stampMany(BASE, tokens.user, docs);
      const cpu = (cpuSeconds(pid) - cpuBefore) / result.seconds;
      const db = DATABASE_URL ? (postgresCpuSeconds() - dbBefore) / result.seconds : 0;
      const busy = busyPercent(machineBefore, machineTicks());
      const engine = await engineRate(pdf);
      const perDoc = (share: number) => ((share * 1000) / result.perSecond).toFixed(1);
      console.log(
        `single stamp via the API, ${STAMP_CLIENTS} clients: ${result.done} stamped, ${result.errors} errors, ${result.perSecond.toFixed(1)} documents/s (server CPU ${(cpu * 100).toFixed(0)}%, ${perDoc(cpu)} ms CPU per document${DATABASE_URL ? `; PostgreSQL ${perDoc(db)} ms per document` : ''}; machine busy ${busy.toFixed(0)}% of both cores); the engine alone on one thread: ${engine.toFixed(1)} stamps/s`,
      );
    }
  } finally {
    await stopBenchServer(server);
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
