import { openDatabase } from '../src/db/client.ts';
import { startS3Server } from './s3-server.ts';

/**
 * PostgreSQL runs share one database: migrate it once before the files start. PGlite runs give
 * every test file its own in-memory database (see helpers.ts).
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  // S3_TEST=1: every test file stores its files on a real S3-compatible server on loopback.
  let stopS3: (() => Promise<void>) | undefined;
  if (process.env.S3_TEST === '1') {
    const s3 = await startS3Server();
    process.env.S3_TEST_ENDPOINT = s3.endpoint;
    stopS3 = s3.close;
  }
  if (process.env.BUBUH_TEST_DB !== 'postgres') return stopS3;
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('BUBUH_TEST_DB=postgres needs DATABASE_URL');
  const database = await openDatabase({ driver: 'postgres', url });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return stopS3;
}
