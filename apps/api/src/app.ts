import { createHmac, randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { TEnv } from './config/env.ts';
import type { TDatabase } from './db/client.ts';
import { jobsPlugin } from './jobs/jobs-plugin.ts';
import { AppError } from './lib/app-error.ts';
import { authRoutes, createAuthService } from './modules/auth/index.ts';
import {
  batchesRoutes,
  createBatchesService,
  createBatchRunner,
  defineBatchJobs,
  defineBatchMailJob,
  sendBatchItem,
  unfiledItems,
} from './modules/batches/index.ts';
import { createBillingModule } from './modules/billing/index.ts';
import { bulkTemplatesRoutes, createBulkTemplatesService } from './modules/bulk-templates/index.ts';
import { createDepartementsService, departementsRoutes } from './modules/departements/index.ts';
import { createDocumentAudit, documentAuditRoutes } from './modules/document-audit/index.ts';
import {
  createSignDocument,
  createStampDocument,
  createStampUpload,
  defineDocumentJobs,
  documentOperations,
  documentWorkRoutes,
  registerStuckDocumentsSweep,
} from './modules/document-work/index.ts';
import { createDocumentsService, documentsRoutes } from './modules/documents/index.ts';
import { createEsignService, esignRoutes } from './modules/esign/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import {
  createLockerFiles,
  createLockerFiling,
  createLockerService,
  createLockerSettings,
  lockerRoutes,
  registerLockerTrashPurge,
} from './modules/locker/index.ts';
import { devOutboxRoutes, type TMailer, withMailLog } from './modules/mail/index.ts';
import { masterStatusRoutes } from './modules/master-status/index.ts';
import {
  createNoticeEvents,
  createNoticeMail,
  createNotifier,
} from './modules/notifications/index.ts';
import { createOutsideSigning, outsideSigningRoutes } from './modules/outside-signing/index.ts';
import { createPlansService, plansRoutes } from './modules/plans/index.ts';
import { createQuotaService, quotaRoutes } from './modules/quota-balances/index.ts';
import {
  createSignerIdentity,
  createSignerLinks,
  createSigningNotices,
  createSigningReminders,
  createSigningService,
  defineSigningNoticeJob,
  registerSigningSweep,
  requireSigningIdentity,
  signingRoutes,
  specimenOf,
} from './modules/signing/index.ts';
import { connectionCheckRoutes } from './modules/single-stamp/index.ts';
import { stampingRoutes } from './modules/stamping/index.ts';
import { registerSupport } from './modules/support/index.ts';
import { createTemplatesService, templatesRoutes } from './modules/templates/index.ts';
import {
  createCompanyUsersService,
  createUsersService,
  usersRoutes,
} from './modules/users/index.ts';
import { createVerificationService, verificationRoutes } from './modules/verification/index.ts';
import type { TPdfEngine } from './pdf/pdf-engine.ts';
import { authPlugin } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerUploads } from './plugins/uploads.ts';
import { registerWeb } from './plugins/web.ts';
import type { TMeteraiProvider } from './providers/meterai/meterai-provider.ts';
import type { TSignatureProvider } from './providers/signature/local-signature-provider.ts';
import type { TFileStore } from './storage/file-store.ts';

export const APP_VERSION = '0.1.0';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** TRUST_PROXY: false (default), true, or comma-separated proxy addresses/CIDRs. */
const trustProxyOf = (value: string): boolean | string[] => {
  if (value === 'false' || value === '0' || value === 'no') return false;
  if (value === 'true' || value === '1' || value === 'yes') return true;
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
};

export type TAppDeps = {
  env: TEnv;
  database: TDatabase;
  files: TFileStore;
  meterai: TMeteraiProvider;
  mailer: TMailer;
  pdf: TPdfEngine;
  signatures: TSignatureProvider;
  /** Key for access tokens: JWT_SECRET, or one generated and kept in the database. */
  jwtSecret: string;
};

/** Builds the HTTP app from its dependencies; used by the server and by tests (app.inject). */
export const buildApp = async (deps: TAppDeps): Promise<FastifyInstance> => {
  const { env } = deps;
  const app = Fastify({
    logger:
      env.LOG_LEVEL === 'silent'
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              '*.password',
              '*.refreshToken',
            ],
          },
    // One short line per request (onResponse below) instead of Fastify's two with the request's
    // serialised details.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: env.BODY_LIMIT_BYTES,
    // A caller's x-request-id is kept only when it is a short plain token; otherwise a new one.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });

  registerErrorHandler(app);
  registerInputGuard(app);
  await registerSecurity(app, env.CORS_ORIGINS ? { corsOrigins: env.CORS_ORIGINS } : {});
  await registerOpenApi(app, APP_VERSION);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        {
          retryAfterSeconds: Math.ceil(context.ttl / 1000),
        },
      ),
  });
  await registerUploads(app, {
    uploadLimitBytes: env.UPLOAD_LIMIT_BYTES,
    idleTimeoutMs: env.UPLOAD_IDLE_TIMEOUT_MS,
  });
  // Background jobs (pg-boss): modules define their queues on app.jobs below.
  await app.register(jobsPlugin, {
    database: deps.database,
    runWorkers: env.JOBS_WORKERS,
    schema: env.JOBS_SCHEMA,
  });
  await app.register(authPlugin, {
    db: deps.database.db,
    secret: deps.jwtSecret,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
  });

  await app.register(healthRoutes, {
    database: deps.database,
    files: deps.files,
    version: APP_VERSION,
  });
  await app.register(connectionCheckRoutes, { provider: deps.meterai });

  const mailer = withMailLog(deps.mailer, app.log);
  const auth = createAuthService({
    db: deps.database.db,
    mailer,
    publicUrl: env.PUBLIC_URL,
    signAccessToken: (claims) => app.jwt.sign(claims),
    otpKey: createHmac('sha256', deps.jwtSecret).update('bubuh:otp-key:v1').digest('hex'),
  });
  await app.register(authRoutes, {
    auth,
    rateLimits: {
      loginPerMinute: env.RATE_LIMIT_LOGIN_PER_MINUTE,
      otpPerMinute: env.RATE_LIMIT_OTP_PER_MINUTE,
      resetPerMinute: env.RATE_LIMIT_RESET_PER_MINUTE,
    },
  });
  await app.register(usersRoutes, {
    users: createUsersService({ db: deps.database.db, files: deps.files }),
    companyUsers: createCompanyUsersService({
      db: deps.database.db,
      mailer,
      publicUrl: env.PUBLIC_URL,
    }),
    files: deps.files,
  });
  const db = deps.database.db;
  await app.register(departementsRoutes, { departements: createDepartementsService({ db }) });
  // In-app notifications: `notifier.notify` is how any module tells a user (README "Notifications").
  const noticeMail = createNoticeMail({ db, jobs: app.jobs, mailer, publicUrl: env.PUBLIC_URL });
  const notifier = createNotifier({ db, jobs: app.jobs, noticeMail });
  const notices = createNoticeEvents({ db, notifier });
  await app.register(quotaRoutes, {
    quota: createQuotaService({ db }),
    onTransferred: notices.quotaReceived,
  });
  await app.register(plansRoutes, { plans: createPlansService({ db }) });
  await app.register(masterStatusRoutes, { db });
  await app.register(esignRoutes, { esign: createEsignService({ db, files: deps.files }) });
  const locker = createLockerService({ db, files: deps.files });
  const lockerFiles = createLockerFiles({
    service: locker,
    files: deps.files,
    uploadLimitBytes: env.UPLOAD_LIMIT_BYTES,
    onNearlyFull: notices.lockerNearlyFull,
  });
  const lockerSettings = createLockerSettings({ db, service: locker });
  const { fileIntoLocker } = createLockerFiling({
    service: locker,
    lockerFiles,
    files: deps.files,
    log: app.log,
  });
  const documents = createDocumentsService({
    db,
    files: deps.files,
    pdf: deps.pdf,
    uploadLimitBytes: env.UPLOAD_LIMIT_BYTES,
    unsignedLink: (auth, documentId) =>
      `/UNSIGNED/${documentId}.pdf?token=${app.jwt.sign({ sub: String(auth.userId), sid: auth.sessionId, doc: documentId }, { expiresIn: 900 })}`,
    documentTypes: () => deps.meterai.documentTypes(),
  });
  const stamping = createStampDocument({
    db,
    files: deps.files,
    pdf: deps.pdf,
    meterai: deps.meterai,
    fileIntoLocker,
    afterSpend: notices.quotaSpent,
  });
  // Each signer is told when their turn comes (the first one when the list is set), the owner
  // when all have signed.
  const links = createSignerLinks({ db, mailer });
  const signingNotices = createSigningNotices({
    db,
    mailer,
    publicUrl: env.PUBLIC_URL,
    inApp: notices,
    links,
  });
  const afterSigningChange = defineSigningNoticeJob(app, signingNotices);
  const signers = createSigningService({
    db,
    afterSigningChange,
    links,
    resendLink: signingNotices.resendLink,
  });
  // "Remind now", automatic reminders and deadlines (the `signing-sweep` job below); the owner
  // of a round stopped at its deadline is told as a decline is told.
  const signingReminders = createSigningReminders({
    db,
    mailer,
    publicUrl: env.PUBLIC_URL,
    log: app.log,
    inApp: notices,
    afterStop: afterSigningChange,
    links,
  });
  registerSigningSweep(app, signingReminders);
  const signing = createSignDocument({
    db,
    files: deps.files,
    pdf: deps.pdf,
    signatures: deps.signatures,
    afterSigningChange,
    fileIntoLocker,
    afterSpend: notices.quotaSpent,
  });
  await app.register(lockerRoutes, {
    locker,
    lockerFiles,
    lockerSettings,
    uploadLimitBytes: env.UPLOAD_LIMIT_BYTES,
    documents,
  });
  await app.register(documentsRoutes, {
    documents,
    uploadLimitBytes: env.UPLOAD_LIMIT_BYTES,
    authFromLinkToken: (token, documentId) => app.authFromLinkToken(token, documentId),
  });
  const documentJobs = defineDocumentJobs(app, { stamping, signing }, (input, result) =>
    notices.documentStamped({
      userId: input.actor.userId,
      documentId: result.document_id,
      serial: result.serial_number,
      language: input.language,
    }),
  );
  await app.register(stampingRoutes, { meterai: deps.meterai });
  await app.register(documentWorkRoutes, {
    stamping,
    signing,
    stampUpload: createStampUpload({ documents, stamping, jobs: documentJobs, log: app.log }),
    jobs: documentJobs,
    stampsPerMinute: env.RATE_LIMIT_STAMP_PER_MINUTE,
    uploadLimitBytes: env.UPLOAD_LIMIT_BYTES,
  });
  await app.register(outsideSigningRoutes, {
    outside: createOutsideSigning({ db, files: deps.files, links, signing }),
    codesPerMinute: env.RATE_LIMIT_OTP_PER_MINUTE,
  });
  const audit = createDocumentAudit({
    db,
    files: deps.files,
    pdf: deps.pdf,
    signatures: deps.signatures,
  });
  await app.register(documentAuditRoutes, { audit });
  await app.register(signingRoutes, {
    signing: signers,
    reminders: signingReminders,
    documents,
    identity: createSignerIdentity({ db, signatures: deps.signatures }),
  });
  // Bulk stamping (issue 13). Locker filing and notifications connect to
  // `batchRunner.onBatchFinished(listener)`: called once per finished batch.
  const batchRunner = createBatchRunner({
    db,
    stamping,
    signing,
    send: sendBatchItem(app),
    window: env.BATCH_CONCURRENCY,
    group: env.BATCH_GROUP,
    log: app.log,
  });
  defineBatchJobs(app, batchRunner, env.BATCH_WORKERS, env.BATCH_GROUP);
  app.decorate('batchRunner', batchRunner);
  batchRunner.onBatchFinished((batch) =>
    notices.batchFinished({
      userId: batch.ownerUserId,
      batchId: batch.id,
      name: batch.name,
      stamped: batch.countStamped,
      failed: batch.countFailed,
    }),
  );
  // Stamped files the owner's locker did not take (full, expired): the owner hears which.
  batchRunner.onBatchFinished(async (batch) => {
    if (batch.countUnfiled === 0) return;
    await notices.batchUnfiled({
      userId: batch.ownerUserId,
      batchId: batch.id,
      name: batch.name,
      finishedAt: batch.finishedAt,
      count: batch.countUnfiled,
      files: await unfiledItems(db, batch.id, 5),
    });
  });
  batchRunner.onBatchFinished(defineBatchMailJob(app, { db, mailer, publicUrl: env.PUBLIC_URL }));
  await app.register(batchesRoutes, {
    batches: createBatchesService({
      db,
      documents,
      runner: batchRunner,
      documentTypes: () => deps.meterai.documentTypes(),
      maxFiles: env.BATCH_MAX_FILES,
      maxBatchBytes: env.BATCH_MAX_BYTES,
      maxFileBytes: env.UPLOAD_LIMIT_BYTES,
      maxZipBytes: env.BATCH_ZIP_MAX_BYTES,
      signer: {
        hasSpecimen: async (userId) => (await specimenOf(db, userId, null)) !== undefined,
        requireIdentity: (userId, confirmed) =>
          requireSigningIdentity({ db, signatures: deps.signatures }, userId, confirmed),
      },
    }),
    db,
    files: deps.files,
    uploadLimitBytes: env.UPLOAD_LIMIT_BYTES,
    certificate: async (actor, id) => (await audit.certificate(actor, id, actor.language)).bytes,
  });
  await app.register(bulkTemplatesRoutes, {
    bulkTemplates: createBulkTemplatesService({
      db,
      documentTypes: () => deps.meterai.documentTypes(),
    }),
  });
  await app.register(verificationRoutes, {
    verification: createVerificationService({
      db,
      pdf: deps.pdf,
      meterai: deps.meterai,
      signatures: deps.signatures,
    }),
    uploadLimitBytes: env.UPLOAD_LIMIT_BYTES,
  });
  registerStuckDocumentsSweep(app, db);
  await createBillingModule(app, {
    env,
    db,
    files: deps.files,
    jwtSecret: deps.jwtSecret,
    onInvoiceClosed: ({ invoice, outcome }) =>
      notices.paymentClosed({
        userId: invoice.userId,
        invoiceId: invoice.id,
        number: invoice.number,
        plan: invoice.planId !== null,
        outcome,
      }),
  });
  // Tickets, FAQ, knowledge base and in-app notifications; `notifier.notify` for other modules.
  await registerSupport(app, {
    db,
    files: deps.files,
    mailer,
    notifier,
    publicUrl: env.PUBLIC_URL,
  });
  registerLockerTrashPurge(app, locker);
  await app.register(templatesRoutes, {
    templates: createTemplatesService({ db }),
    documents: documentOperations(documents, signers, stamping, documentJobs),
  });
  // The dev outbox shows OTP codes and reset links: only when mail is not really sent, never in production.
  if (env.NODE_ENV !== 'production' && deps.mailer.transport === 'outbox') {
    await app.register(devOutboxRoutes, { db: deps.database.db });
  }

  await registerWeb(app, env.WEB_DIST);
  return app;
};
