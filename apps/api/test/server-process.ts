import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { REPO_ROOT } from '../src/config/env.ts';

/**
 * Real server processes on the embedded database (one data folder per file): for the tests whose
 * failure would be the process itself ending or its database no longer answering, which an
 * in-process `inject` cannot show.
 */
const SERVER = path.join(REPO_ROOT, 'apps/api/src/server.ts');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Polls `check` until it returns a value, or fails at the deadline (no fixed sleeps). */
export const until = async <T>(
  what: string,
  deadlineMs: number,
  check: () => Promise<T | undefined>,
) => {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/** Stops a server process and waits until it has gone. */
export const stop = async (child: ChildProcess, signal: 'SIGKILL' | 'SIGTERM') => {
  child.kill(signal);
  await exited(child);
};

export type TServerProcess = {
  child: ChildProcess;
  base: string;
  /** What the process logged so far (its crash report, if it ended). */
  stderr: () => string;
  /** Signs in with the given demo account; the `authorization` header value. */
  login: (email?: string) => Promise<string>;
  /** A request with a deadline: a hung server fails the test instead of stalling it. */
  call: (route: string, init?: RequestInit & { timeoutMs?: number }) => Promise<Response>;
  /** Fails unless the process still runs and its health check and a sign-in answer in time. */
  expectHealthy: () => Promise<void>;
};

/**
 * Call at describe level: a data folder for the file's servers; after the file, every server
 * still running is killed and the folder removed. `start` spawns one and waits until it answers.
 */
export const useServerProcesses = (prefix: string) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) await stop(child, 'SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (env: Record<string, string> = {}): Promise<TServerProcess> => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'error',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let errors = '';
    // Its log (errors only) and stderr: what a test prints when the process ended.
    const keep = (chunk: Buffer) => {
      errors = `${errors}${chunk.toString('utf8')}`.slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const call = (route: string, init: RequestInit & { timeoutMs?: number } = {}) =>
      fetch(`${base}${route}`, {
        ...init,
        signal: AbortSignal.timeout(init.timeoutMs ?? 20_000),
      }).catch((error: unknown) => {
        throw new Error(`${route}: ${String(error)}; the server's stderr:\n${errors}`);
      });
    const login = async (email = 'admin@demo.local') => {
      const res = await call('/api/v1/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Demo#2026!' }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const { accessToken } = ((await res.json()) as { data: { accessToken: string } }).data;
      return `Bearer ${accessToken}`;
    };
    const running = () => child.exitCode === null && child.signalCode === null;
    const expectHealthy = async () => {
      expect(running(), `the server ended: ${errors}`).toBe(true);
      const health = await call('/api/health', { timeoutMs: 10_000 });
      expect(health.status).toBe(200);
      await login();
      expect(running(), `the server ended: ${errors}`).toBe(true);
    };
    await until('the server to answer', 180_000, async () => {
      if (!running()) throw new Error(`the server ended while starting: ${errors}`);
      return (await call('/api/health', { timeoutMs: 2000 })).ok ? true : undefined;
    }).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${errors}`);
    });
    return { child, base, stderr: () => errors, login, call, expectHealthy };
  };

  return { dataDir, start };
};
