/**
 * The database schema: one file per area under ./schema, gathered here for drizzle-kit
 * (drizzle.config.ts) and for the repositories. A new area adds its file and one line below.
 */
export * from './schema/audit';
export * from './schema/auth';
export * from './schema/batches';
export * from './schema/billing';
export * from './schema/document-totals';
export * from './schema/documents';
export * from './schema/locker';
export * from './schema/mail';
export * from './schema/notifications';
export * from './schema/org';
export * from './schema/plans';
export * from './schema/promo';
export * from './schema/quota';
export * from './schema/reservations';
export * from './schema/signing-notices';
export * from './schema/support';
