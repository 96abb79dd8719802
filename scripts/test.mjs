#!/usr/bin/env node
// `npm test`: lint, typecheck, unit tests, API tests on PGlite (and on PostgreSQL when
// DATABASE_URL is set), then browser tests against the app started as `npm start` starts it.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_SERVER_ARGS, buildApiIfNeeded, buildWebIfNeeded } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bubuh-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const which = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

/** System tools the suites need, with the Debian package that provides each. */
const checkPrerequisites = () => {
  const missing = [];
  if (!fs.existsSync(CHROMIUM)) missing.push(['chromium', `Chromium at ${CHROMIUM}`]);
  if (!which('pdfsig')) missing.push(['poppler-utils', 'pdfsig']);
  if (!which('mutool')) missing.push(['mupdf-tools', 'mutool']);
  if (missing.length === 0) return;
  console.error('\nnpm test needs system packages that are missing:');
  for (const [pkg, what] of missing) console.error(`  - ${what} (Debian package: ${pkg})`);
  console.error(
    `\nInstall them with:\n  sudo apt-get update && sudo apt-get install -y ${missing.map((m) => m[0]).join(' ')} fonts-dejavu-core\n` +
      '(or run `bash .ci/run`, which installs them and runs the whole suite).\n',
  );
  process.exit(1);
};

const run = (label, cmd, args, env = {}) => {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
};

let suiteNo = 0;
const vitestArgs = (rootDir, out, extraArgs) => [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--root',
  rootDir,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}`,
  ...extraArgs,
];

/** Adds a suite's JSON report to the totals (a suite without one, or without tests, failed). */
const count = (label, out, ok) => {
  if (fs.existsSync(out)) {
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += report.numPassedTests ?? 0;
    totals.failed += report.numFailedTests ?? 0;
    totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    if ((report.numTotalTests ?? 0) === 0) failures.push(`${label} (no tests ran)`);
  } else if (ok) {
    failures.push(`${label} (no report)`);
  }
};

const vitest = (label, rootDir, extraArgs = [], env = {}) => {
  suiteNo += 1;
  const out = path.join(reportDir, `suite-${suiteNo}.json`);
  const ok = run(label, process.execPath, vitestArgs(rootDir, out, extraArgs), env);
  count(label, out, ok);
  return ok;
};

/**
 * Starts a suite in the background, its output kept in a file; the promise prints that output and
 * counts the suite when it ends. For a suite that shares the machine with the browser tests,
 * which spend much of their time waiting on the browser and leave CPU to spare.
 */
const vitestAlongside = (label, rootDir, env, node = process.execPath) => {
  suiteNo += 1;
  const out = path.join(reportDir, `suite-${suiteNo}.json`);
  const logFile = path.join(reportDir, `suite-${suiteNo}.log`);
  const log = fs.openSync(logFile, 'w');
  console.log(`\n▶ ${label} (started alongside; its output follows when it ends)`);
  const child = spawn(node, vitestArgs(rootDir, out, []), {
    cwd: root,
    stdio: ['ignore', log, log],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve) => {
    let done = false;
    const ended = (code, error) => {
      if (done) return;
      done = true;
      fs.closeSync(log);
      console.log(`\n▶ ${label}: its output`);
      process.stdout.write(fs.readFileSync(logFile, 'utf8'));
      if (error) console.error(error);
      if (code !== 0) failures.push(label);
      count(label, out, code === 0);
      resolve(code === 0);
    };
    // A suite that could not start fails the run instead of leaving it waiting.
    child.once('error', (error) => ended(null, error));
    child.once('exit', (code) => ended(code));
  });
};

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

const waitForHealth = async (url, child, timeoutMs = 90_000) => {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('server did not become healthy in time');
};

/** Starts the app exactly as `npm start` does (built web + API), on a free port and fresh data. */
const browserTests = async () => {
  buildWebIfNeeded();
  await buildApiIfNeeded();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bubuh-e2e-data-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(reportDir, 'e2e-server.log');
  // Known to the browser tests only, so they can mint an access token that has really expired.
  const jwtSecret = randomBytes(48).toString('base64url');
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, API_SERVER_ARGS, {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      NODE_ENV: 'test',
      JWT_SECRET: jwtSecret,
    },
  });
  try {
    await waitForHealth(baseUrl, child);
    vitest('browser tests (Chromium)', 'apps/web', ['--config', 'vitest.e2e.config.ts'], {
      E2E_BASE_URL: baseUrl,
      E2E_DATA_DIR: dataDir,
      E2E_JWT_SECRET: jwtSecret,
      CHROMIUM_PATH: CHROMIUM,
    });
  } catch (error) {
    failures.push(`browser tests: ${error.message}`);
    console.error(fs.readFileSync(logFile, 'utf8').slice(-4000));
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

/** `npm run test:api`: the API suite alone, on PostgreSQL when DATABASE_URL is set (CI's second pass). */
const apiOnly = () => {
  const onPostgres = Boolean(process.env.DATABASE_URL);
  const store = process.env.S3_TEST === '1' ? ', files on a loopback S3 server' : '';
  vitest(`API tests on ${onPostgres ? 'PostgreSQL' : 'PGlite'}${store}`, 'apps/api', [], {
    BUBUH_TEST_DB: onPostgres ? 'postgres' : 'pglite',
  });
};

const summary = () => {
  console.log('\n──────────────────────────────────────────');
  if (failures.length > 0)
    console.log(`Failed steps:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
  console.log(
    `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
  );
  fs.rmSync(reportDir, { recursive: true, force: true });
  process.exit(failures.length > 0 || totals.failed > 0 ? 1 : 0);
};

const main = async () => {
  checkPrerequisites();
  if (process.argv.includes('--api')) {
    apiOnly();
    summary();
  }
  if (process.argv.includes('--e2e')) {
    await browserTests();
    summary();
  }
  run('lint (biome)', 'npx', ['biome', 'check', '--error-on-warnings', '.']);
  run('boundaries (dependency-cruiser)', 'npm', ['run', '--silent', 'lint:deps']);
  run('typecheck (tsc)', 'npm', ['run', 'typecheck']);
  vitest('unit: contracts', 'packages/contracts');
  vitest('unit + engine: pdf', 'packages/pdf');
  vitest('unit: web', 'apps/web');
  vitest('API tests on PGlite', 'apps/api', [], { BUBUH_TEST_DB: 'pglite' });
  if (process.env.DATABASE_URL) {
    vitest('API tests on PostgreSQL', 'apps/api', [], { BUBUH_TEST_DB: 'postgres' });
  }
  // CI (.ci/run): the API suite again on this PostgreSQL, with every file on a loopback S3
  // server, while the browser tests run (they leave most of the two cores idle).
  // BUBUH_TEST_POSTGRES_NODE: that pass runs on another Node (CI: the supported LTS, while the
  // machine's own Node runs everything else), so both runtimes pass the API suite in one run.
  const againOn = process.env.BUBUH_TEST_POSTGRES_URL;
  const againNode = process.env.BUBUH_TEST_POSTGRES_NODE || process.execPath;
  const againVersion = spawnSync(againNode, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  const alongside = againOn
    ? vitestAlongside(
        `API tests on PostgreSQL (Node ${againVersion ?? '?'}), files on a loopback S3 server`,
        'apps/api',
        { DATABASE_URL: againOn, BUBUH_TEST_DB: 'postgres', S3_TEST: '1' },
        againNode,
      )
    : Promise.resolve(true);
  if (!process.env.DATABASE_URL && !againOn) {
    console.log(
      '\n(DATABASE_URL not set: the API suite ran on PGlite only; CI runs it on PostgreSQL too)',
    );
  }
  await browserTests();
  await alongside;
  summary();
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
