import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadEnv, type TEnv } from '../src/config/env.ts';
import { openDatabase, type TDatabase } from '../src/db/client.ts';
import { randomToken } from '../src/lib/tokens.ts';
import type { TMailer } from '../src/modules/mail/mailer.ts';
import { createOutboxMailer } from '../src/modules/mail/outbox-mailer.ts';
import { createPdfEngine, type TPdfEngine } from '../src/pdf/pdf-engine.ts';
import { createLocalMeteraiProvider } from '../src/providers/meterai/local-meterai-provider.ts';
import type { TMeteraiProvider } from '../src/providers/meterai/meterai-provider.ts';
import { createLocalSignatureProvider } from '../src/providers/signature/local-signature-provider.ts';
import type { TFileStore } from '../src/storage/file-store.ts';
import { createLocalFileStore } from '../src/storage/local-file-store.ts';
import { createS3FileStore } from '../src/storage/s3-file-store.ts';
import { S3_TEST_BUCKET } from './s3-server.ts';

export const testDbDriver = (): 'pglite' | 'postgres' =>
  process.env.BUBUH_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A migrated database for one test file: in-memory PGlite (a copy of the migrated dump the global
 * setup made, or migrated here when there is none), or the shared PostgreSQL of the run.
 */
export const openTestDatabase = async (): Promise<TDatabase> => {
  if (testDbDriver() === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is required for BUBUH_TEST_DB=postgres');
    return openDatabase({ driver: 'postgres', url, poolSize: 5 });
  }
  const dump = process.env.BUBUH_TEST_PGLITE_DUMP;
  if (dump) return openDatabase({ driver: 'pglite', from: new Blob([fs.readFileSync(dump)]) });
  const database = await openDatabase({ driver: 'pglite' });
  await database.migrate();
  return database;
};

/** The local e-Meterai provider, except that issuing a serial fails while `failing()` says so. */
export const issuingFailsWhen =
  (failing: () => boolean) =>
  (local: TMeteraiProvider): TMeteraiProvider => ({
    ...local,
    issueSerial: async (input) => {
      if (failing()) throw new Error('provider unreachable');
      return local.issueSerial(input);
    },
  });

/** The local e-Meterai provider, telling `seen` each serial it issues. */
export const watchingSerials =
  (seen: (serial: string) => void) =>
  (local: TMeteraiProvider): TMeteraiProvider => ({
    ...local,
    issueSerial: async (input) => {
      const issued = await local.issueSerial(input);
      seen(issued.serial);
      return issued;
    },
  });

/** Login and OTP limits high enough for a file that logs many users in from one address. */
export const RELAXED_LIMITS = {
  RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
  RATE_LIMIT_OTP_PER_MINUTE: '1000',
} as const;

/** The env of most API test files: relaxed login limits, only errors logged. */
export const TEST_ENV = { LOG_LEVEL: 'error', ...RELAXED_LIMITS } as const;

export type TTestContext = {
  app: FastifyInstance;
  database: TDatabase;
  env: TEnv;
  dir: string;
  close: () => Promise<void>;
};

export type TTestOptions = {
  env?: Record<string, string>;
  /** Default: the local issuer; tests can wrap it to slow it down or make it fail. */
  meterai?: (local: TMeteraiProvider) => TMeteraiProvider;
  /** Default: the database outbox (read it with `outbox()`). */
  mailer?: (database: TDatabase) => TMailer;
  /** Files to put in the web dist folder (e.g. index.html) to exercise the SPA fallback. */
  web?: Record<string, string>;
  /**
   * Local disk even when S3_TEST=1: for the tests of what only the disk store does (its partial
   * `.part` files and open handles while a body streams in).
   */
  localFiles?: boolean;
};

let pdfEngine: TPdfEngine | undefined;
/** One worker pool per test file (it is closed when the file's process ends). */
export const sharedPdfEngine = (): TPdfEngine => {
  pdfEngine ??= createPdfEngine({ maxThreads: 1 });
  return pdfEngine;
};

/**
 * The file store of a test file: local disk, or (S3_TEST=1) the loopback S3 server that the
 * global setup started, under a prefix of this test file's own.
 */
export const testFileStore = (dir: string, localFiles = false): TFileStore => {
  const endpoint = process.env.S3_TEST_ENDPOINT;
  if (localFiles || process.env.S3_TEST !== '1' || !endpoint) {
    return createLocalFileStore(path.join(dir, 'data/files'));
  }
  return createS3FileStore({
    bucket: S3_TEST_BUCKET,
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: `${path.basename(dir)}/`,
  });
};

export const createTestContext = async (options: TTestOptions = {}): Promise<TTestContext> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bubuh-api-test-'));
  const webDist = path.join(dir, 'web');
  fs.mkdirSync(webDist, { recursive: true });
  for (const [name, content] of Object.entries(options.web ?? {})) {
    fs.mkdirSync(path.dirname(path.join(webDist, name)), { recursive: true });
    fs.writeFileSync(path.join(webDist, name), content);
  }
  // On the shared PostgreSQL database each test file's app has job queues of its own: another
  // file's app never works (and fails) this file's jobs.
  const jobsSchema = testDbDriver() === 'postgres' ? `pgboss_${unique()}` : 'pgboss';
  const env = loadEnv({
    NODE_ENV: 'test',
    JOBS_SCHEMA: jobsSchema,
    LOG_LEVEL: (process.env.TEST_LOG_LEVEL as 'silent') ?? 'silent',
    DATA_DIR: path.join(dir, 'data'),
    WEB_DIST: options.web ? webDist : path.join(dir, 'no-web'),
    ...options.env,
  });
  const database = await openTestDatabase();
  const app = await buildApp({
    env,
    database,
    files: testFileStore(dir, options.localFiles),
    meterai: (options.meterai ?? ((p) => p))(
      createLocalMeteraiProvider({ db: database.db, publicUrl: env.PUBLIC_URL }),
    ),
    mailer: options.mailer ? options.mailer(database) : createOutboxMailer(database.db),
    jwtSecret: randomToken(48),
    pdf: sharedPdfEngine(),
    signatures: createLocalSignatureProvider({ db: database.db, encryptionKey: randomBytes(32) }),
  });
  await app.ready();
  return {
    app,
    database,
    env,
    dir,
    close: async () => {
      await app.close();
      if (jobsSchema !== 'pgboss') {
        await database.db.execute(sql`drop schema if exists ${sql.identifier(jobsSchema)} cascade`);
      }
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
};

/**
 * The app of a test file (or describe block): built before its first test, handed to `keep` (the
 * file assigns it to its `ctx`), closed after its last test.
 */
export const testContextPerFile = (options: TTestOptions, keep: (ctx: TTestContext) => void) => {
  let built: TTestContext | undefined;
  beforeAll(async () => {
    built = await createTestContext(options);
    keep(built);
  });
  afterAll(() => built?.close());
};

/** Runs `test` against an app of its own built with `options`, closed afterwards even when it fails. */
export const withTestContext = async <T>(
  options: TTestOptions,
  test: (ctx: TTestContext) => Promise<T>,
): Promise<T> => {
  const built = await createTestContext(options);
  try {
    return await test(built);
  } finally {
    await built.close();
  }
};

/** Unique suffix so tests sharing a PostgreSQL database never collide. */
export const unique = (): string =>
  `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
