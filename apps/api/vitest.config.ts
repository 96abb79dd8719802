import os from 'node:os';
import { defineConfig } from 'vitest/config';

const onPostgres = process.env.BUBUH_TEST_DB === 'postgres';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // *.pglite.test.ts start real server processes on the embedded database: run once, on PGlite.
    exclude: onPostgres ? ['test/**/*.pglite.test.ts'] : [],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // PGlite: two files at a time even on two cores (vitest's default there is one): with one,
    // the run kept 1.2 cores busy, a file waiting on its PDF worker, timers and jobs much of the
    // time (705 s with one fork, 505 s with two). PostgreSQL: one file at a time, as the files
    // share one database and in it the demo company (seedDemo), whose balances they assert.
    poolOptions: {
      forks: { maxForks: onPostgres ? 1 : Math.max(2, os.availableParallelism() - 1) },
    },
  },
});
