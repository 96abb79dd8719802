import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TAppDeps } from './app.ts';
import { REPO_ROOT, type TEnv } from './config/env.ts';
import { openDatabase, type TDatabase } from './db/client.ts';
import { seedDemo } from './demo/seed.ts';
import { resolveSecret } from './lib/secrets.ts';
import { createOutboxMailer, createSmtpMailer } from './modules/mail/index.ts';
import { createPdfEngine } from './pdf/pdf-engine.ts';
import { createLocalMeteraiProvider } from './providers/meterai/local-meterai-provider.ts';
import type { TMeteraiProvider } from './providers/meterai/meterai-provider.ts';
import { createPeruriMeteraiProvider } from './providers/meterai/peruri-meterai-provider.ts';
import { createLocalSignatureProvider } from './providers/signature/local-signature-provider.ts';
import { fileStoreFor } from './storage/file-store-for.ts';

/** What the app is built from, apart from the env: database, file store, providers, PDF pool. */
export type TRuntime = Omit<TAppDeps, 'env'>;

/** Opens the database chosen by the environment (PGlite under DATA_DIR unless DATABASE_URL). */
export const openConfiguredDatabase = (env: TEnv): Promise<TDatabase> =>
  env.DATABASE_URL
    ? openDatabase({
        driver: 'postgres',
        url: env.DATABASE_URL,
        namedStatements: env.DATABASE_NAMED_STATEMENTS,
      })
    : openDatabase({
        driver: 'pglite',
        dataDir: env.DATA_DIR,
        namedStatements: env.DATABASE_NAMED_STATEMENTS,
      });

const readPem = (file: string) => fs.readFileSync(path.resolve(REPO_ROOT, file), 'utf8');

/** The configured e-Meterai issuer: the local one (default) or Peruri's distributor API. */
export const meteraiProviderFor = (env: TEnv, database: TDatabase): TMeteraiProvider => {
  if (env.METERAI_PROVIDER !== 'peruri') {
    return createLocalMeteraiProvider({ db: database.db, publicUrl: env.PUBLIC_URL });
  }
  const required = (value: string | undefined, name: string) => {
    if (!value) throw new Error(`${name} is required when METERAI_PROVIDER=peruri`);
    return value;
  };
  const roots = env.PERURI_TRUST_ROOTS_FILE ? readPem(env.PERURI_TRUST_ROOTS_FILE) : '';
  return createPeruriMeteraiProvider({
    backendUrl: required(env.PERURI_BACKEND_URL, 'PERURI_BACKEND_URL'),
    stampv2Url: required(env.PERURI_STAMPV2_URL, 'PERURI_STAMPV2_URL'),
    stampServiceUrl: required(env.PERURI_STAMPSERVICE_URL, 'PERURI_STAMPSERVICE_URL'),
    user: required(env.PERURI_USER, 'PERURI_USER'),
    password: required(env.PERURI_PASSWORD, 'PERURI_PASSWORD'),
    profileName: env.PERURI_PROFILE_NAME,
    signerChainPem: readPem(required(env.PERURI_SIGNER_CHAIN_FILE, 'PERURI_SIGNER_CHAIN_FILE')),
    trustRootsPem: roots ? [roots] : [],
    minIntervalMs: env.PERURI_MIN_INTERVAL_MS,
  });
};

/** Everything the app needs, ready: database migrated, demo data seeded when enabled. */
export const createRuntime = async (
  env: TEnv,
  log: (message: string) => void,
): Promise<TRuntime> => {
  const database = await openConfiguredDatabase(env);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw new Error(
      `Database migration failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  log(`database ready (${database.driver}), migrations applied`);
  if (env.SEED_DEMO) {
    const { created } = await seedDemo(database.db, { password: env.DEMO_PASSWORD });
    log(
      created.length > 0 ? `demo seed created ${created.join(', ')}` : 'demo seed already present',
    );
  }
  return {
    database,
    files: fileStoreFor(env),
    meterai: meteraiProviderFor(env, database),
    mailer: env.SMTP_URL
      ? createSmtpMailer(database.db, env.SMTP_URL, env.MAIL_FROM)
      : createOutboxMailer(database.db),
    jwtSecret: await resolveSecret(database.db, 'jwt', env.JWT_SECRET),
    pdf: createPdfEngine({ maxThreads: env.PDF_WORKERS }),
    signatures: createLocalSignatureProvider({
      db: database.db,
      encryptionKey: createHash('sha256')
        .update(await resolveSecret(database.db, 'cert-encryption', env.CERT_ENCRYPTION_KEY))
        .digest(),
    }),
  };
};
