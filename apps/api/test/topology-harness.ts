import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApi } from '../build.mjs';
import { SERVER_NODE_FLAGS } from '../server-flags.mjs';
import { REPO_ROOT } from '../src/config/env.ts';
import { S3_TEST_BUCKET, startS3Server } from './s3-server.ts';
import { exited, freePort, until } from './server-process.ts';

/**
 * The scaled topology of docs/deploy.md on one machine: a PostgreSQL database of its own (made
 * on the server of the run's DATABASE_URL, dropped afterwards), a loopback S3 server, and the
 * compiled API started as an operator starts it (`node --max-semi-space-size=64 …/server.js`
 * with JOBS_WORKERS=false, `…/worker.js` for the workers), every process with the same
 * environment. For multi-process.test.ts.
 */

/** The address users reach, the same for every process (there is no proxy in the test). */
export const PUBLIC_URL = 'https://bubuh.example.id';
/** pg-boss's schema, shared by every process (docs/deploy.md). */
export const JOBS_SCHEMA = 'pgboss';
/** Worker processes of the topology, and the batch documents each stamps at once (the default). */
export const WORKERS = 2;
const BATCH_WORKERS = 16;

/** One process of the topology: its role, its output so far, and whether it still runs. */
export type TRoleProcess = {
  name: string;
  child: ChildProcess;
  /** Its standard output and error, interleaved (pino's JSON lines and the entry's messages). */
  output: () => string;
  stdout: () => string;
  stderr: () => string;
  running: () => boolean;
};

export type TApiProcess = TRoleProcess & {
  base: string;
  /** A request with a deadline; a refused connection names the process and shows its output. */
  call: (route: string, init?: RequestInit & { timeoutMs?: number }) => Promise<Response>;
};

/**
 * Polls `check` every 100 ms until it returns a value, or fails at the deadline with `seen()`
 * (the last state, for the report). Unlike `until`, an error thrown by `check` (a process that
 * ended, a refused request) fails at once.
 */
export const waitFor = async <T>(
  what: string,
  deadlineMs: number,
  check: () => Promise<T | undefined>,
  seen: () => string = () => '',
) => {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; last seen: ${seen()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** pino's numeric levels: `error` and `fatal`. */
const ERROR_LEVEL = 50;

/**
 * Node's own warnings on stderr (`process.emitWarning`, e.g. a dependency's note about the Node
 * version): the first of a process ends with the `--trace-warnings` hint, later ones are a line.
 */
const NODE_WARNING =
  /^\(node:\d+\) \w*Warning: .*(?:\n(?!\(node:\d+\)).*)*?\n\(Use `node --trace-warnings.*$|^\(node:\d+\) \w*Warning: .*$/gm;

/**
 * What a process reported as going wrong: its log lines (stdout, pino's JSON) at error level or
 * worse, and everything on its stderr but Node's warnings (a crash, an unhandled rejection, an
 * entry's `failed to start`).
 */
export const errorsOf = (role: TRoleProcess) => {
  const logged = role
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .filter((line) => {
      try {
        const { level } = JSON.parse(line) as { level?: number };
        return typeof level !== 'number' || level >= ERROR_LEVEL;
      } catch {
        return true;
      }
    });
  const stderr = role
    .stderr()
    .replace(NODE_WARNING, '')
    .split('\n')
    .filter((line) => line.trim() !== '');
  return [...logged, ...stderr];
};

/** The few variables of the test's own environment a process needs to run at all. */
const baseEnv = () =>
  Object.fromEntries(
    ['PATH', 'HOME', 'TMPDIR', 'LANG'].flatMap((key) => {
      const value = process.env[key];
      return value === undefined ? [] : [[key, value]];
    }),
  );

/**
 * Call at describe level. Before the file: the database, the S3 server and a build of the API
 * of its own (a build of dist/ running at the same time, e.g. `npm test`'s browser tests, would
 * remove the files under these processes). After it: every process still running is killed,
 * the database dropped, the S3 server closed and the folders removed.
 */
export const useTopology = () => {
  // Inside the repository: the compiled server finds the migrations and node_modules above it.
  const distParent = path.join(REPO_ROOT, 'node_modules/.cache/bubuh-topology');
  const processes: TRoleProcess[] = [];
  // Made in beforeAll: a skipped file (the PGlite run) still runs this describe-level code.
  const state: {
    env: Record<string, string>;
    closeS3: () => Promise<void>;
    /** The run's DATABASE_URL, where the topology's database is created and dropped. */
    admin: string;
    scratch: string;
    dist: string;
  } = {
    env: {},
    closeS3: async () => {},
    admin: '',
    scratch: '',
    dist: '',
  };
  const database = `bubuh_topology_${randomBytes(6).toString('hex')}`;

  const adminQuery = async (statement: string) => {
    const client = new pg.Client({ connectionString: state.admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    const runUrl = process.env.DATABASE_URL;
    if (!runUrl) throw new Error('the topology test needs DATABASE_URL (a PostgreSQL server)');
    state.scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bubuh-topology-'));
    fs.mkdirSync(distParent, { recursive: true });
    state.dist = fs.mkdtempSync(path.join(distParent, 'dist-'));
    state.admin = runUrl;
    await adminQuery(`CREATE DATABASE ${database}`);
    const url = new URL(runUrl);
    url.pathname = `/${database}`;
    const s3 = await startS3Server();
    state.closeS3 = s3.close;
    await buildApi(state.dist);
    // docs/deploy.md: every process shares the secrets, the database and the storage settings.
    state.env = {
      NODE_ENV: 'production',
      ALLOW_DEMO_IN_PRODUCTION: 'payment,mail,meterai,signature',
      PAYMENT_GATEWAY: 'sandbox',
      METERAI_PROVIDER: 'local',
      // Empty wins over a developer's .env (which the server reads too): mail stays in the outbox.
      SMTP_URL: '',
      DATABASE_URL: url.toString(),
      STORAGE_DRIVER: 's3',
      S3_BUCKET: S3_TEST_BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      JWT_SECRET: randomBytes(32).toString('base64url'),
      CERT_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
      DEMO_PASSWORD: `Topo#${randomBytes(9).toString('base64url')}`,
      DATA_DIR: path.join(state.scratch, 'data'),
      WEB_DIST: path.join(state.scratch, 'no-web'),
      // Behind the reverse proxy every process has the address users reach (workers write it
      // into the links of the mails they send).
      PUBLIC_URL,
      JOBS_SCHEMA,
      // docs/deploy.md, One batch over several workers: one batch keeps M workers busy when
      // BATCH_CONCURRENCY is M × BATCH_WORKERS; with the default it mostly stays with the worker
      // that took its first groups, and the SIGKILL could hit an idle one.
      BATCH_WORKERS: String(BATCH_WORKERS),
      BATCH_CONCURRENCY: String(WORKERS * BATCH_WORKERS),
      LOG_LEVEL: 'warn',
    };
  }, 120_000);

  afterAll(async () => {
    for (const p of processes) {
      if (p.running()) {
        p.child.kill('SIGKILL');
        await exited(p.child);
      }
    }
    await state.closeS3();
    // WITH (FORCE): a process killed mid-statement may leave its backend a moment longer.
    if (state.admin) await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    for (const dir of [state.scratch, state.dist])
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (fs.existsSync(distParent) && fs.readdirSync(distParent).length === 0)
      fs.rmdirSync(distParent);
  }, 60_000);

  const spawnRole = (
    name: string,
    entry: 'server.js' | 'worker.js',
    env: Record<string, string>,
  ) => {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(state.dist, entry)], {
      cwd: REPO_ROOT,
      // As a service manager starts it: a bare environment and the installation's settings, not
      // the test runner's variables (DATABASE_URL of the run, S3_TEST, …).
      env: { ...baseEnv(), ...state.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Kept whole: the test reads every line for errors (a batch's run logs little at `warn`).
    const kept = { output: '', stdout: '', stderr: '' };
    child.stdout?.setEncoding('utf8').on('data', (text: string) => {
      kept.output += text;
      kept.stdout += text;
    });
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      kept.output += text;
      kept.stderr += text;
    });
    const role: TRoleProcess = {
      name,
      child,
      output: () => kept.output,
      stdout: () => kept.stdout,
      stderr: () => kept.stderr,
      running: () => child.exitCode === null && child.signalCode === null,
    };
    processes.push(role);
    return role;
  };

  /** Waits until `ready` holds; a process that ends (or never gets ready) fails with its output. */
  const startedOrEnded = async (
    role: TRoleProcess,
    what: string,
    ready: () => Promise<boolean>,
  ) => {
    const outcome = await until(`${role.name} ${what}`, 120_000, async () => {
      if (!role.running()) return 'ended';
      return (await ready()) ? 'ready' : undefined;
    }).catch((error: unknown) => String(error));
    if (outcome === 'ready') return;
    const how =
      outcome === 'ended' ? `ended (${role.child.exitCode ?? role.child.signalCode})` : outcome;
    throw new Error(`${role.name} ${how} while starting:\n${role.output()}`);
  };

  /** An API process (JOBS_WORKERS=false) on a loopback port, once /api/health answers 200. */
  const startApi = async (name: string): Promise<TApiProcess> => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const role = spawnRole(name, 'server.js', {
      HOST: '127.0.0.1',
      PORT: String(port),
      JOBS_WORKERS: 'false',
    });
    const call = (route: string, init: RequestInit & { timeoutMs?: number } = {}) =>
      fetch(`${base}${route}`, {
        ...init,
        signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
      }).catch((error: unknown) => {
        throw new Error(`${name}: ${route}: ${String(error)}; its output:\n${role.output()}`);
      });
    await startedOrEnded(
      role,
      'to answer its health check',
      async () => (await call('/api/health', { timeoutMs: 2000 })).ok,
    );
    return { ...role, base, call };
  };

  /** A worker process (`worker.js`), once it says it works the job queues. */
  const startWorker = async (name: string): Promise<TRoleProcess> => {
    const role = spawnRole(name, 'worker.js', {});
    await startedOrEnded(role, 'to work the job queues', async () =>
      role.output().includes('[bubuh-worker] working the job queues'),
    );
    return role;
  };

  /** A client of the topology's own database (the caller ends it). */
  const connect = async () => {
    const client = new pg.Client({ connectionString: state.env.DATABASE_URL });
    await client.connect();
    return client;
  };

  /** Every process's output, for a failure report. */
  const report = () =>
    processes.map((p) => `──── ${p.name} (pid ${p.child.pid})\n${p.output()}`).join('\n');

  return {
    startApi,
    startWorker,
    connect,
    report,
    demoPassword: () => state.env.DEMO_PASSWORD ?? '',
  };
};
