import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, ref, serialId, timestamps } from './columns';

export const companies = pgTable('companies', {
  id: serialId(),
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
    id: serialId(),
    companyId: ref('company_id', () => companies.id, 'restrict').notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('departements_company_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);

export const users = pgTable(
  'users',
  {
    id: serialId(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash'),
    fullName: varchar('full_name', { length: 150 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    role: varchar('role', {
      length: 20,
      enum: ['admin', 'user', 'super', 'admin-company'],
    }).notNull(),
    userType: varchar('user_type', { length: 20, enum: ['personal', 'payu', 'company'] }).notNull(),
    companyId: ref('company_id', () => companies.id, 'restrict'),
    departementId: ref('departement_id', () => departements.id, 'restrict'),
    emetId: varchar('emet_id', { length: 16 }).notNull(),
    avatar: varchar('avatar', { length: 200 }),
    nik: varchar('nik', { length: 16 }),
    isParent: boolean('is_parent').notNull().default(false),
    /** Child users of a subscription point to the parent who added them. */
    parentUserId: integer('parent_user_id'),
    emailVerifiedAt: at('email_verified_at'),
    loginOtpEnabled: boolean('login_otp_enabled').notNull().default(false),
    language: varchar('language', { length: 2, enum: ['en', 'id'] })
      .notNull()
      .default('en'),
    /**
     * Set when an admin removes a user who owns documents: the documents stay with the company,
     * the account can no longer sign in and leaves every list.
     */
    deactivatedAt: at('deactivated_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_emet_id_uq').on(t.emetId),
    index('users_company_idx').on(t.companyId),
  ],
);
