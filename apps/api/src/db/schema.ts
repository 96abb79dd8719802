/**
 * The database schema: one file per area under ./schema, gathered here for drizzle-kit
 * (drizzle.config.ts) and for the repositories. A new area adds its file and one line below.
 */
export * from './schema/auth';
export * from './schema/documents';
export * from './schema/locker';
export * from './schema/mail';
export * from './schema/org';
export * from './schema/plans';
export * from './schema/quota';
export * from './schema/reservations';
