import { buildApp } from './app.ts';
import { loadDotEnv, loadEnv } from './config/env.ts';
import { closeOnExit, runEntry } from './process-entry.ts';
import { createRuntime } from './runtime.ts';

/**
 * `npm run worker`: a process that only works the job queues (no HTTP). It builds the same app as
 * the server, so it has the same job handlers, and never listens. PostgreSQL only: the embedded
 * database belongs to one process, whose API already runs the workers (JOBS_WORKERS).
 */
const main = async () => {
  loadDotEnv();
  const env = loadEnv();
  if (!env.DATABASE_URL) {
    throw new Error(
      'a separate worker process needs a PostgreSQL server: set DATABASE_URL. With the embedded ' +
        'database (one process only) the API process runs the jobs itself (JOBS_WORKERS=true).',
    );
  }
  // The API process seeds the demo data; a worker only migrates (a no-op once applied).
  const runtime = await createRuntime({ ...env, SEED_DEMO: false, JOBS_WORKERS: true }, (message) =>
    console.log(`[bubuh-worker] ${message}`),
  );
  const app = await buildApp({ env: { ...env, JOBS_WORKERS: true }, ...runtime });
  closeOnExit(app, runtime, { delay: 15_000, what: 'worker shutting down' });
  await app.ready();
  console.log('[bubuh-worker] working the job queues');
};

runEntry('bubuh-worker', main);
