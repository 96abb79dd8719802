import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The repository root, whatever the working directory (npm workspace scripts run in apps/api):
 * the nearest folder above this module holding `apps/api/drizzle`, from the TypeScript source
 * (apps/api/src/config) as from the compiled server (apps/api/dist).
 */
const findRepoRoot = (from: string): string => {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'apps/api/drizzle'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '../../../..');
  }
};
export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * The embedded stand-ins of real services, which `npm start` uses with no configuration:
 * `payment` (a gateway where no money moves), `mail` (the database outbox), `meterai` (the local
 * SPESIMEN issuer and its demo CA), `signature` (the local PSrE and its demo CA). With
 * NODE_ENV=production each one refuses to start unless ALLOW_DEMO_IN_PRODUCTION names it.
 */
export const DEMO_PARTS = ['payment', 'mail', 'meterai', 'signature'] as const;
export type TDemoPart = (typeof DEMO_PARTS)[number];

const ZDemoParts = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine(
    (parts) => parts.every((part) => (DEMO_PARTS as readonly string[]).includes(part)),
    `a comma-separated list of ${DEMO_PARTS.join(', ')}`,
  )
  .transform((parts) => parts as TDemoPart[]);

const ZEnvShape = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** In production: the demo stand-ins (DEMO_PARTS) run on purpose, e.g. `payment,mail`. */
  ALLOW_DEMO_IN_PRODUCTION: ZDemoParts,
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** The address users reach the app at; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /**
   * Name the app's statements: parsed once per connection on the PostgreSQL server, once in
   * PGlite's one session. Turn off behind a pooler that cannot keep prepared statements
   * (PgBouncer in transaction mode < 1.21), or to measure PGlite without them.
   */
  DATABASE_NAMED_STATEMENTS: bool.default(true),
  DEMO_PASSWORD: z.string().min(8).default('Demo#2026!'),
  SEED_DEMO: bool.default(true),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1_048_576),
  /** Files one bulk-stamp batch may hold (issue 13); one more is a 413. */
  BATCH_MAX_FILES: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** Largest total of one batch's accepted files (bytes, 1 GiB); one more file is a 413. */
  BATCH_MAX_BYTES: z.coerce.number().int().min(1).default(1_073_741_824),
  /** Largest total of the expanded PDFs of one ZIP dropped into a batch (a ZIP bomb stops here). */
  BATCH_ZIP_MAX_BYTES: z.coerce.number().int().min(1).default(524_288_000),
  /**
   * Documents of one batch stamped at once (its jobs in the queue), so no batch starves another;
   * best a multiple of BATCH_GROUP (while some are in flight only whole groups are given out).
   */
  BATCH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(16),
  /** Batch documents one process (server or `npm run worker`) stamps at once, all batches together. */
  BATCH_WORKERS: z.coerce.number().int().min(1).max(64).default(16),
  /**
   * Documents of one batch that one job stamps together: their queue moves, job and hand-over
   * are one statement each for the group instead of one per document.
   */
  BATCH_GROUP: z.coerce.number().int().min(1).max(32).default(8),
  /** An upload whose body stops arriving for this long is answered with a 400 and cleaned up. */
  UPLOAD_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  CORS_ORIGINS: z.string().optional(),
  /**
   * Behind a reverse proxy: trust X-Forwarded-For from it (true, a hop count, or the proxy's
   * addresses). Off by default, so clients cannot pick their own IP for the rate limits.
   */
  TRUST_PROXY: z.string().default('false'),
  /** Key that encrypts users' signing keys at rest. Empty = generated once, kept in the database. */
  CERT_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).default(900),
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_OTP_PER_MINUTE: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_RESET_PER_MINUTE: z.coerce.number().int().positive().default(5),
  /** Stamp calls per client address and minute. */
  RATE_LIMIT_STAMP_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /**
   * Payment gateway notifications (the public Midtrans webhook) per client address and minute:
   * a gateway sends a few per order, a flood of forged ones is cut off here.
   */
  RATE_LIMIT_PAYMENT_NOTIFICATION_PER_MINUTE: z.coerce.number().int().positive().default(300),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  /** Worker threads for PDF work (stamp, sign, inspect, verify). */
  PDF_WORKERS: z.coerce.number().int().min(1).max(32).default(2),
  /** e-Meterai issuer: the embedded local issuer, or the Peruri distributor API. */
  METERAI_PROVIDER: z.enum(['local', 'peruri']).default('local'),
  PERURI_BACKEND_URL: z.url().optional(),
  PERURI_STAMPV2_URL: z.url().optional(),
  PERURI_STAMPSERVICE_URL: z.url().optional(),
  PERURI_USER: z.string().optional(),
  PERURI_PASSWORD: z.string().optional(),
  PERURI_PROFILE_NAME: z.string().default('emeteraicertificateSigner'),
  /**
   * Least ms between two stamping calls to Peruri from one process (serial, hash signing): the
   * rate limit of bulk stamping, which sends single calls (apps/api/README.md, Bulk stamping).
   */
  PERURI_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  /** PEM file: Peruri's e-Meterai signing certificate followed by its chain. */
  PERURI_SIGNER_CHAIN_FILE: z.string().optional(),
  /** PEM file: roots that Peruri stamps chain to (for verification). */
  PERURI_TRUST_ROOTS_FILE: z.string().optional(),
  /**
   * Whether this process works the background job queues (pg-boss). `false` on API processes
   * when separate `npm run worker` processes do the work (PostgreSQL only).
   */
  JOBS_WORKERS: bool.default(true),
  /**
   * The PostgreSQL schema of pg-boss's tables. Processes that share work (the API and `npm run
   * worker`) use the same one; the PostgreSQL test run gives each test file its own so no file's
   * app works another file's jobs.
   */
  JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'a lower-case PostgreSQL identifier')
    .default('pgboss'),
  SMTP_URL: z.string().optional(),
  /** Where files live: local disk under DATA_DIR/files (default) or an S3-compatible bucket. */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  /** The S3-compatible server (MinIO, Ceph, R2 …); empty for AWS itself. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style addressing (`endpoint/bucket/key`), which most self-hosted servers need. */
  S3_FORCE_PATH_STYLE: bool.default(true),
  MAIL_FROM: z.string().default('Bubuh <no-reply@bubuh.local>'),
  /** Payment gateway: the embedded sandbox (offline, for testing) or Midtrans Snap. */
  PAYMENT_GATEWAY: z.enum(['sandbox', 'midtrans']).default('sandbox'),
  MIDTRANS_SERVER_KEY: z.string().optional(),
  MIDTRANS_CLIENT_KEY: z.string().optional(),
  MIDTRANS_IS_PRODUCTION: bool.default(false),
  /** Overrides of the Snap and Core API hosts (default: Midtrans sandbox or production). */
  MIDTRANS_SNAP_URL: z.url().optional(),
  MIDTRANS_API_URL: z.url().optional(),
  /** The seller on invoices and receipts, and the account bank transfers go to. */
  SELLER_NAME: z.string().default('PT Bubuh Digital Indonesia'),
  SELLER_NPWP: z.string().default('00.000.000.0-000.000'),
  SELLER_ADDRESS: z.string().default('Jakarta, Indonesia'),
  BANK_TRANSFER_ACCOUNT: z
    .string()
    .default('Bank BCA 000-000-0000 a.n. PT Bubuh Digital Indonesia'),
});

type TDemoCheckEnv = Pick<
  z.infer<typeof ZEnvShape>,
  'PAYMENT_GATEWAY' | 'MIDTRANS_IS_PRODUCTION' | 'SMTP_URL' | 'METERAI_PROVIDER'
> & { ALLOW_DEMO_IN_PRODUCTION: readonly TDemoPart[] };

/** A demo stand-in a production start would run: the setting that chose it, what it means, the fix. */
export type TDemoProblem = { part: TDemoPart; setting: string; message: string };

/**
 * The demo stand-ins `env` runs that ALLOW_DEMO_IN_PRODUCTION does not name (checked when
 * NODE_ENV=production): each with the setting that chose it and how to replace or allow it.
 */
export const demoProblems = (env: TDemoCheckEnv): TDemoProblem[] => {
  const allowed = new Set(env.ALLOW_DEMO_IN_PRODUCTION);
  const problems: TDemoProblem[] = [];
  /** `fix`: the real service to choose instead, when there is one. */
  const refuse = (part: TDemoPart, setting: string, what: string, fix?: string) => {
    if (allowed.has(part)) return;
    const allow = `add ${part} to ALLOW_DEMO_IN_PRODUCTION to run it on purpose`;
    problems.push({ part, setting, message: `${what}; ${fix ? `${fix}, or ${allow}` : allow}` });
  };
  if (env.PAYMENT_GATEWAY === 'sandbox') {
    refuse(
      'payment',
      'PAYMENT_GATEWAY',
      'is sandbox, the embedded gateway where anyone signed in can mark an invoice paid',
      'set PAYMENT_GATEWAY=midtrans with MIDTRANS_SERVER_KEY and MIDTRANS_IS_PRODUCTION=true',
    );
  } else if (!env.MIDTRANS_IS_PRODUCTION) {
    refuse(
      'payment',
      'MIDTRANS_IS_PRODUCTION',
      "is false: Midtrans' sandbox takes test payments, so quota and plans are bought with no money",
      'set MIDTRANS_IS_PRODUCTION=true with the production keys',
    );
  }
  if (!env.SMTP_URL) {
    refuse(
      'mail',
      'SMTP_URL',
      'is not set: mails (sign-up codes, password resets, signing requests) stay in the database outbox and reach nobody',
      'set SMTP_URL=smtp://user:pass@host:587',
    );
  }
  if (env.METERAI_PROVIDER === 'local') {
    refuse(
      'meterai',
      'METERAI_PROVIDER',
      'is local, the embedded issuer: its stamps are SPESIMEN, signed by a demo CA kept in this database',
      'set METERAI_PROVIDER=peruri with the PERURI_* settings',
    );
  }
  // The local PSrE is the only signature provider: nothing to choose instead, only to allow.
  refuse(
    'signature',
    'ALLOW_DEMO_IN_PRODUCTION',
    'does not name signature: e-signatures come from the local PSrE (the only signature provider so far), whose certificates a demo CA kept in this database issues',
  );
  return problems;
};

/**
 * With METERAI_PROVIDER=peruri every Peruri setting is required; in production every demo
 * stand-in must be allowed by name (`demoProblems`).
 */
const ZEnv = ZEnvShape.superRefine((env, ctx) => {
  if (env.NODE_ENV === 'production') {
    for (const problem of demoProblems(env)) {
      ctx.addIssue({ code: 'custom', path: [problem.setting], message: problem.message });
    }
  }
  if (env.PAYMENT_GATEWAY === 'midtrans' && !env.MIDTRANS_SERVER_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['MIDTRANS_SERVER_KEY'],
      message: 'required when PAYMENT_GATEWAY=midtrans',
    });
  }
  if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: 'required when STORAGE_DRIVER=s3',
    });
  }
  if (env.METERAI_PROVIDER !== 'peruri') return;
  for (const key of [
    'PERURI_BACKEND_URL',
    'PERURI_STAMPV2_URL',
    'PERURI_STAMPSERVICE_URL',
    'PERURI_USER',
    'PERURI_PASSWORD',
    'PERURI_SIGNER_CHAIN_FILE',
  ] as const) {
    if (!env[key])
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: 'required when METERAI_PROVIDER=peruri',
      });
  }
});

export type TEnv = z.infer<typeof ZEnv> & { PUBLIC_URL: string };

/** Reads `.env` at the repository root into process.env when present (real env wins). */
export const loadDotEnv = (): void => {
  const file = path.join(REPO_ROOT, '.env');
  if (fs.existsSync(file)) process.loadEnvFile(file);
};

/** Parses the environment once; on failure prints every problem and exits (fail fast). */
export const loadEnv = (source: NodeJS.ProcessEnv = process.env): TEnv => {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (parsed.success) {
    return {
      ...parsed.data,
      PUBLIC_URL: parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`,
    };
  }
  const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
  throw new Error(`Invalid configuration (see .env.example):\n${lines.join('\n')}`);
};
