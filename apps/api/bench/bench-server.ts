import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { REPO_ROOT } from '../src/config/env.ts';

const SERVER_OUT = process.env.BENCH_SERVER_OUT ?? '';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the server (`args` after node, from the repository root) with `env` over this process's
 * environment, and waits until `${base}/api/health` answers (5 minutes at most).
 */
export const startBenchServer = async (
  args: string[],
  base: string,
  env: Record<string, string>,
): Promise<ChildProcess> => {
  // Another server on the port would answer the health check and be measured instead.
  const stale = await fetch(`${base}/api/health`).then(
    () => true,
    () => false,
  );
  if (stale) throw new Error(`${base} already answers: stop the server listening there first`);
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    // BENCH_SERVER_OUT: the server's standard output appended to that file (e.g. `--trace-gc`).
    stdio: ['ignore', SERVER_OUT ? fs.openSync(SERVER_OUT, 'a') : 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return child;
    } catch {}
    if (child.exitCode !== null) break;
    await sleep(500);
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start');
};

export const stopBenchServer = async (child: ChildProcess) => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
};

/** User + system CPU seconds of a process and its threads (Linux /proc). */
export const processCpuSeconds = (pid: number): number => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** The whole machine's busy and total CPU ticks since boot (Linux /proc/stat, every core). */
export const machineTicks = () => {
  const [, ...fields] = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').split(/\s+/);
  const ticks = fields.filter(Boolean).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  // idle and iowait are the 4th and 5th fields.
  return { busy: total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total };
};

/**
 * CPU seconds of every PostgreSQL server process on this machine (its backends, WAL writer,
 * checkpointer...): what the database spends, beside the app's processes. Backends that exited
 * in between are not counted (the app's pools keep theirs).
 */
export const postgresCpuSeconds = (): number => {
  let sum = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      sum += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {}
  }
  return sum;
};

/** Percent of the machine's CPU busy between two `machineTicks`. */
export const busyPercent = (
  a: ReturnType<typeof machineTicks>,
  b: ReturnType<typeof machineTicks>,
) => (100 * (b.busy - a.busy)) / Math.max(1, b.total - a.total);

/** Peak resident memory of a process (Linux /proc), in MB. */
export const peakRssMb = (pid: number) => {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
};

/**
 * Starts the job worker process (`args` after node, from the repository root) and waits until it
 * prints `ready` on its standard output (5 minutes at most).
 */
export const startBenchWorker = async (
  args: string[],
  env: Record<string, string>,
  ready: string,
): Promise<ChildProcess> => {
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const started = new Promise<boolean>((resolve) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4096);
      if (seen.includes(ready)) resolve(true);
    });
    child.once('exit', () => resolve(false));
    setTimeout(() => resolve(false), 300_000);
  });
  if (await started) return child;
  child.kill('SIGTERM');
  throw new Error('the worker did not start');
};

/** BENCH_SQL_LOG: a file each proxied statement's text is appended to (diagnostics). */
const SQL_LOG = process.env.BENCH_SQL_LOG ?? '';

/** Statements and round trips seen by a counting proxy since it started. */
export type TWireCounts = {
  statements: number;
  roundTrips: number;
  connections: number;
  /** Statements whose SQL text matched each pattern given to the proxy. */
  matched: Record<string, number>;
};

/**
 * A TCP proxy in front of PostgreSQL that counts what its clients send: every simple query
 * (`Q`) and every extended-protocol execute (`E`) is a statement; every `Q` and `Sync` a round
 * trip. The app and pg-boss (both node-postgres) connect through it without TLS; give each
 * process its own proxy to count per process. `url` is `target` with the proxy's port.
 */
export const startCountingProxy = async (
  target: string,
  port: number,
  patterns: Record<string, RegExp> = {},
) => {
  const to = new URL(target);
  const counts: TWireCounts = { statements: 0, roundTrips: 0, connections: 0, matched: {} };
  for (const name of Object.keys(patterns)) counts.matched[name] = 0;
  /** A C string of a message body from `start`, and where the next field begins. */
  const cString = (body: Buffer, start: number) => {
    const end = body.indexOf(0, start);
    return { text: body.subarray(start, end).toString(), next: end + 1 };
  };
  /** One executed statement: a simple query, or a Bind of a parsed (possibly named) statement. */
  const tally = (text: string) => {
    if (SQL_LOG) fs.appendFileSync(SQL_LOG, `${port} ${text.replace(/\s+/g, ' ').slice(0, 160)}\n`);
    for (const [name, pattern] of Object.entries(patterns))
      if (pattern.test(text)) counts.matched[name] = (counts.matched[name] ?? 0) + 1;
  };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    counts.connections += 1;
    const upstream = net.connect(Number(to.port || 5432), to.hostname);
    sockets.add(client).add(upstream);
    let buffered: Buffer = Buffer.alloc(0);
    let startup = true;
    /** This connection's parsed statements by name ('' the unnamed one): a Bind names only its statement. */
    const parsed = new Map<string, string>();
    client.on('data', (chunk: Buffer) => {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      for (;;) {
        if (startup) {
          // Startup, SSL or cancel request: a length without a type byte.
          if (buffered.length < 8) break;
          const length = buffered.readInt32BE(0);
          if (buffered.length < length) break;
          const code = buffered.readInt32BE(4);
          startup = code === 80_877_103 || code === 80_877_104;
          buffered = buffered.subarray(length);
          continue;
        }
        if (buffered.length < 5) break;
        const length = buffered.readInt32BE(1);
        if (buffered.length < length + 1) break;
        const type = String.fromCharCode(buffered[0] ?? 0);
        if (type === 'Q' || type === 'E') counts.statements += 1;
        if (type === 'Q' || type === 'S') counts.roundTrips += 1;
        const body = buffered.subarray(5, length + 1);
        if (type === 'Q') tally(cString(body, 0).text);
        if (type === 'P') {
          const name = cString(body, 0);
          parsed.set(name.text, cString(body, name.next).text);
        }
        if (type === 'B') tally(parsed.get(cString(body, cString(body, 0).next).text) ?? '');
        buffered = buffered.subarray(length + 1);
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    counts,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};
