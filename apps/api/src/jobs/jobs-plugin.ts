import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { TDatabase } from '../db/client.ts';
import { bossDbFor } from './boss-db.ts';
import { createJobs, type TJobs, type TJobTiming } from './jobs.ts';

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface
  interface FastifyInstance {
    jobs: TJobs;
  }
}

export type TJobsPluginOptions = {
  /** Already migrated (pg-boss installs its own schema at start). */
  database: TDatabase;
  /** pg-boss's schema (JOBS_SCHEMA). */
  schema: string;
  /** Whether this process works the queues (JOBS_WORKERS). */
  runWorkers: boolean;
  timing?: Partial<TJobTiming>;
};

/**
 * Background jobs on pg-boss, as `app.jobs`: over the app's PGlite session, or over a pool of its
 * own on PostgreSQL. Queues defined while the app is built start when it is ready; closing the
 * app stops pg-boss: running handlers get 8 s to finish (within the server's 10 s grace), their
 * jobs are retried otherwise.
 */
const plugin: FastifyPluginAsync<TJobsPluginOptions> = async (app, options) => {
  const jobs = createJobs({
    db: bossDbFor(options.database.connection, (err) =>
      app.log.error({ err }, 'job queue connection error'),
    ),
    runWorkers: options.runWorkers,
    schema: options.schema,
    log: app.log,
    ...(options.timing ? { timing: options.timing } : {}),
  });
  if (!options.runWorkers && options.database.driver === 'pglite') {
    app.log.warn('JOBS_WORKERS=false on the embedded database: no process will run the jobs');
  }
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
};

export const jobsPlugin = fp(plugin, { name: 'jobs' });
