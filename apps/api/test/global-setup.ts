import { openDatabase } from '../src/db/client.ts';

/**
 * PostgreSQL runs share one database: migrate it once before the files start. PGlite runs give
 * every test file its own in-memory database (see helpers.ts).
 */
export default async function setup(): Promise<void> {
  if (process.env.BUBUH_TEST_DB !== 'postgres') return;
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('BUBUH_TEST_DB=postgres needs DATABASE_URL');
  const database = await openDatabase({ driver: 'postgres', url });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}
