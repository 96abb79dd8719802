import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import type { TRuntime } from './runtime.ts';

/**
 * What the server and the worker entries share: one graceful close (app, PDF pool, database) on
 * SIGINT/SIGTERM or a fatal error, and a start-up failure printed as one line with exit code 1.
 */
export const closeOnExit = (
  app: FastifyInstance,
  runtime: Pick<TRuntime, 'pdf' | 'database'>,
  options: { delay: number; what: string },
) =>
  closeWithGrace({ delay: options.delay }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'closing after error');
    else app.log.info({ signal }, options.what);
    await app.close();
    await runtime.pdf.close();
    await runtime.database.close();
  });

/** Runs a process entry; a failure to start is one line on stderr (`[name] failed to start: …`), exit 1. */
export const runEntry = (name: string, main: () => Promise<void>) => {
  main().catch((error: unknown) => {
    console.error(
      `[${name}] failed to start: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  });
};
