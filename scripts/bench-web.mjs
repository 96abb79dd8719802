#!/usr/bin/env node
// `npm run bench:web`: builds the web app if needed, starts the API (PGlite in a temporary data
// folder) and measures, with a real Chromium on a cold cache, the bytes on the wire of the first
// load of /login and of /dashboard (signed in), once with `Accept-Encoding: br, gzip` as browsers
// send it and once with `identity` (the uncompressed baseline), in the same run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildWebIfNeeded } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.BENCH_PORT ?? 18_480);
const BASE = `http://127.0.0.1:${PORT}`;
const EMAIL = process.env.BENCH_EMAIL ?? 'user@demo.local';
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo#2026!';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const startServer = async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bubuh-bench-web-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return { child, dataDir };
    } catch {}
    await sleep(500);
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start');
};

/**
 * Loads `target` in a fresh browser context (an empty cache, as a first visit has; `storageState`
 * carries a signed-in session) and sums what crossed the wire. The cache is empty rather than
 * disabled: a disabled cache made Chromium fetch a module twice (its modulepreload and its import).
 */
const measure = async (browser, encoding, target, ready, storageState) => {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'accept-encoding': encoding },
    ...(storageState ? { storageState } : {}),
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const totals = { requests: 0, wire: 0, body: 0, encoded: new Set(), largest: [] };
  const urls = new Map();
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.responseReceived', (e) => {
    const encoding =
      e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'];
    if (encoding) totals.encoded.add(encoding);
  });
  cdp.on('Network.dataReceived', (e) => {
    totals.body += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    totals.requests += 1;
    totals.wire += e.encodedDataLength;
    totals.largest.push([e.encodedDataLength, urls.get(e.requestId)?.replace(BASE, '')]);
  });
  await page.goto(`${BASE}${target}`);
  // Drawn, then quiet: on a busy machine parsing the entry can outlast the 500 ms of
  // `networkidle` before the page has asked for its own chunks.
  await page.getByTestId(ready).waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await sleep(300);
  await context.close();
  totals.largest = totals.largest.sort((a, b) => b[0] - a[0]).slice(0, 8);
  return totals;
};

/** Signs the demo user in once and returns the session (localStorage) for the measured loads. */
const signIn = async (browser) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${BASE}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByTestId('login-form').getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/dashboard', { timeout: 20_000 });
  const state = await context.storageState();
  await context.close();
  return state;
};

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const main = async () => {
  buildWebIfNeeded();
  const { child, dataDir } = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const rows = [];
  try {
    for (const [label, encoding] of [
      ['compressed (br)', 'br, gzip, deflate'],
      ['baseline (identity)', 'identity'],
    ]) {
      const login = await measure(browser, encoding, '/login', 'login-form');
      const session = await signIn(browser);
      const dashboard = await measure(browser, encoding, '/dashboard', 'dashboard-quota', session);
      rows.push({ label, login, dashboard });
    }
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('\nFirst load, cold cache (bytes on the wire incl. headers / decoded bodies):');
  for (const { label, login, dashboard } of rows) {
    for (const [page, t, budget] of [
      ['/login', login, 200],
      ['/dashboard', dashboard, 300],
    ]) {
      const verdict = label.startsWith('compressed')
        ? t.wire <= budget * 1024
          ? ` (budget ${budget} KB: ok)`
          : ` (budget ${budget} KB: OVER)`
        : '';
      console.log(
        `  ${label.padEnd(20)} ${page.padEnd(11)} ${String(t.requests).padStart(3)} requests  wire ${kb(t.wire).padStart(10)}  bodies ${kb(t.body).padStart(10)}  encodings [${[...t.encoded].join(',')}]${verdict}`,
      );
      if (process.env.BENCH_VERBOSE) {
        for (const [bytes, url] of t.largest)
          console.log(`      ${kb(bytes).padStart(10)}  ${url}`);
      }
    }
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
