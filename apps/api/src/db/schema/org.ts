import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

import { timestamps } from './timestamps';

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 200 }).notNull(),
  npwp: varchar('npwp', { length: 16 }),
  siup: varchar('siup', { length: 100 }),
  tdp: varchar('tdp', { length: 100 }),
  bank: varchar('bank', { length: 100 }),
  accountNumber: varchar('account_number', { length: 50 }),
  ...timestamps,
});

export const departements = pgTable(
  'departements',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 120 }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('departements_company_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash'),
    fullName: varchar('full_name', { length: 150 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    role: varchar('role', {
      length: 20,
      enum: ['admin', 'user', 'super', 'admin-company'],
    }).notNull(),
    userType: varchar('user_type', { length: 20, enum: ['personal', 'payu', 'company'] }).notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    departementId: integer('departement_id').references(() => departements.id, {
      onDelete: 'restrict',
    }),
    emetId: varchar('emet_id', { length: 16 }).notNull(),
    avatar: varchar('avatar', { length: 200 }),
    nik: varchar('nik', { length: 16 }),
    isParent: boolean('is_parent').notNull().default(false),
    /** Child users of a subscription point to the parent who added them. */
    parentUserId: integer('parent_user_id'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    loginOtpEnabled: boolean('login_otp_enabled').notNull().default(false),
    language: varchar('language', { length: 2, enum: ['en', 'id'] })
      .notNull()
      .default('en'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /**
     * Set when an admin removes a user who owns documents: the documents stay with the company,
     * the account can no longer sign in and leaves every list.
     */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_emet_id_uq').on(t.emetId),
    index('users_company_idx').on(t.companyId),
  ],
);
