#!/usr/bin/env node
// Compiles the API to plain JavaScript (dist/): the server, the job worker process and the PDF
// worker-thread entry, with the workspace packages (TypeScript source) bundled in and every
// other package left to node_modules. `node build.mjs --if-stale` builds only when a source is
// newer than the last build. esbuild (already the engine under tsx and Vite) bundles in well
// under a second and keeps ESM, top-level await and import.meta as they are.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { fastIs } from './fast-is.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const outdir = path.join(here, 'dist');
const entries = {
  server: 'src/server.ts',
  worker: 'src/worker.ts',
  'pdf-worker': 'src/pdf/pdf-worker.ts',
};
const sources = [
  'apps/api/src',
  'packages/pdf/src',
  'packages/contracts/src',
  'apps/api/build.mjs',
  'apps/api/fast-is.mjs',
];

const newestMtime = (p) => {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p))
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
};

export const apiBuildIsStale = () => {
  const built = path.join(outdir, 'server.js');
  if (!fs.existsSync(built)) return true;
  const at = fs.statSync(built).mtimeMs;
  return sources.some((s) => newestMtime(path.join(root, s)) > at);
};

/**
 * Packages that stay in node_modules: native code, files loaded beside their own modules (wasm,
 * worker scripts, static assets), and optional peers. Everything else is bundled: loading a few
 * large files is several times quicker than resolving and compiling a thousand small ones.
 */
const EXTERNAL = [
  'sharp',
  '@node-rs/argon2',
  '@electric-sql/pglite',
  'piscina',
  '@fastify/swagger-ui',
  'pino',
  'thread-stream',
  'pg-native',
  'pg-cloudflare',
  'esbuild',
];
const isExternal = (id) => EXTERNAL.some((name) => id === name || id.startsWith(`${name}/`));
/**
 * drizzle-orm's `is(value, Class)` (entity.js) runs for every chunk of every statement it
 * builds, many times per chunk, and walks the class chain comparing `entityKind` names when
 * `instanceof` fails: a cost that shows in CPU profiles of stamping and uploading (`npm run
 * bench:bulk`, docs/performance.md). That walk only matters when two copies of drizzle are
 * loaded; the bundle holds one, so `instanceof` alone gives the same answers
 * (`test/drizzle-is.test.ts` checks both conditions). The bundle gets `fastIs` in its place; a
 * drizzle whose `is` no longer reads as expected stops the build instead of being bundled
 * unpatched.
 */
const DRIZZLE_IS = /function is\(value, type\) \{\n[\s\S]*?\n\}\n/;
const drizzleFastIs = {
  name: 'drizzle-fast-is',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]drizzle-orm[\\/]entity\.js$/ }, (args) => {
      const source = fs.readFileSync(args.path, 'utf8');
      if (!DRIZZLE_IS.test(source)) throw new Error(`drizzle-orm's is() changed: ${args.path}`);
      const fast = fastIs.toString().replace(/^function fastIs/, 'function is');
      return { contents: source.replace(DRIZZLE_IS, `${fast}\n`), loader: 'js' };
    });
  },
};

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      isExternal(args.path) ? { path: args.path, external: true } : undefined,
    );
  },
};

/**
 * `into`: another folder than dist/ (a test that runs the compiled processes builds its own copy,
 * so a build of dist/ running at the same time cannot remove the files under its processes). It
 * must lie inside the repository: the compiled server finds the repository root (migrations)
 * above its own file, and the packages left out of the bundle in node_modules.
 */
export const buildApi = async (into = outdir) => {
  fs.rmSync(into, { recursive: true, force: true });
  await build({
    absWorkingDir: here,
    entryPoints: entries,
    outdir: into,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
    plugins: [externalPackages, drizzleFastIs],
    // CommonJS packages bundled into ESM still call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __bubuhRequire } from 'node:module'; const require = __bubuhRequire(import.meta.url);",
    },
  });
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--if-stale') || apiBuildIsStale()) await buildApi();
}
