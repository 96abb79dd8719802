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
  },
});
