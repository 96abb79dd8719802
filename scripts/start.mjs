#!/usr/bin/env node
// `npm start`: builds the web app and compiles the API (apps/api/build.mjs, esbuild) when their
// sources changed, then runs the compiled API server (plain JavaScript, no tsx at run time),
// which migrates the database, seeds the demo company and serves everything on PORT (8080).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../apps/api/server-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const newestMtime = (dir) => {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
};

export const webBuildIsStale = () => {
  const index = path.join(root, 'apps/web/dist/index.html');
  if (!fs.existsSync(index)) return true;
  const built = fs.statSync(index).mtimeMs;
  const sources = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'packages/contracts/src',
    '.env',
  ].map((p) => path.join(root, p));
  return sources.some(
    (p) =>
      fs.existsSync(p) &&
      (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs) > built,
  );
};

export const buildWebIfNeeded = () => {
  if (!webBuildIsStale()) return;
  // The root .env also configures the web build (VITE_* values); the real environment wins.
  const envFile = path.join(root, '.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  console.log('[bubuh] building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('[bubuh] web build failed');
    process.exit(result.status ?? 1);
  }
};

/** The compiled server, built first when a source of the API or its packages changed. */
export const API_SERVER = 'apps/api/dist/server.js';
/** Node's arguments for the compiled server: its flags (apps/api/server-flags.mjs), then the file. */
export const API_SERVER_ARGS = [...SERVER_NODE_FLAGS, API_SERVER];
export const buildApiIfNeeded = async () => {
  const { apiBuildIsStale, buildApi } = await import('../apps/api/build.mjs');
  if (!apiBuildIsStale()) return;
  console.log('[bubuh] compiling the API…');
  await buildApi();
};

const main = async () => {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`[bubuh] Node.js 20.19 or newer is required (found ${process.versions.node}).`);
    process.exit(1);
  }
  buildWebIfNeeded();
  await buildApiIfNeeded();
  const child = spawn(process.execPath, API_SERVER_ARGS, {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await main();
