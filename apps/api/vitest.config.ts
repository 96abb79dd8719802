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
    // PGlite: two files at a time even on two cores (vitest's default there is one): a file
    // spends much of its time waiting on its PDF worker, timers and jobs, so with one fork the
    // cores sit idle much of the run. PostgreSQL: one file at a time, as the files share one
    // database and in it the demo company (seedDemo), whose balances they assert.
    poolOptions: {
      forks: { maxForks: onPostgres ? 1 : Math.max(2, os.availableParallelism() - 1) },
    },
  },
});
