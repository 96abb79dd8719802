import { buildApp } from './app.ts';
import { loadDotEnv, loadEnv } from './config/env.ts';
import { closeOnExit, runEntry } from './process-entry.ts';
import { createRuntime } from './runtime.ts';

/** Process entry: config → database (migrate, seed) → HTTP on PORT. Exits non-zero on failure. */
const main = async () => {
  loadDotEnv();
  const env = loadEnv();
  const runtime = await createRuntime(env, (message) => console.log(`[bubuh] ${message}`));
  const app = await buildApp({ env, ...runtime });
  closeOnExit(app, runtime, { delay: 10_000, what: 'shutting down' });
  await app.listen({ host: env.HOST, port: env.PORT });
  console.log(`[bubuh] serving on ${env.PUBLIC_URL} (API under /api, docs at /api/docs)`);
};

runEntry('bubuh', main);
