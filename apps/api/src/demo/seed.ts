import type { TRole, TUserType } from '@bubuh/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../db/client.ts';
import {
  companies,
  departements,
  masterStatus,
  plans,
  quotaMovements,
  subscriptions,
  users,
} from '../db/schema.ts';
import { newEmetId } from '../lib/ids.ts';
import { hashPassword } from '../lib/password.ts';
import { move, SYSTEM_ISSUED, type TAccountRef } from '../modules/quota/index.ts';

export const PLATFORM_COMPANY = 'Bubuh Platform';
export const DEMO_COMPANY = 'PT Demo Sejahtera';
export const DEMO_DEPARTEMENTS = ['Finance', 'Legal'] as const;

type TDemoAccount = {
  email: string;
  fullName: string;
  /** A valid KTP number (demo, not a real person's): the signing certificate names it. */
  nik: string;
  role: TRole;
  userType: TUserType;
  company: 'platform' | 'demo' | null;
  departement?: (typeof DEMO_DEPARTEMENTS)[number];
};

/** One account per role (issue 2); all share DEMO_PASSWORD. Documented in the README. */
export const DEMO_ACCOUNTS: readonly TDemoAccount[] = [
  {
    email: 'admin@demo.local',
    fullName: 'Ayu Admin',
    nik: '3171014101900001',
    role: 'admin',
    userType: 'company',
    company: 'demo',
  },
  {
    email: 'company@demo.local',
    fullName: 'Budi Company',
    nik: '3171010202850002',
    role: 'admin-company',
    userType: 'company',
    company: 'demo',
  },
  {
    email: 'payu@demo.local',
    fullName: 'Citra Payu',
    nik: '3273014303920003',
    role: 'admin-company',
    userType: 'payu',
    company: 'demo',
  },
  {
    email: 'user@demo.local',
    fullName: 'Dewi User',
    nik: '3201015504950004',
    role: 'user',
    userType: 'company',
    company: 'demo',
    departement: 'Finance',
  },
  {
    email: 'personal@demo.local',
    fullName: 'Eko Personal',
    nik: '3578010506880005',
    role: 'user',
    userType: 'personal',
    company: null,
  },
  {
    email: 'super@demo.local',
    fullName: 'Fajar Super',
    nik: '3171010707800006',
    role: 'super',
    userType: 'company',
    company: 'platform',
  },
];

const findOrCreateCompany = async (db: TDb, name: string): Promise<number> => {
  const [found] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, name));
  if (found) return found.id;
  const [created] = await db.insert(companies).values({ name }).returning({ id: companies.id });
  if (!created) throw new Error(`Could not create company ${name}`);
  return created.id;
};

const findOrCreateDepartement = async (
  db: TDb,
  companyId: number,
  name: string,
): Promise<number> => {
  const [found] = await db
    .select({ id: departements.id })
    .from(departements)
    .where(and(eq(departements.companyId, companyId), eq(departements.name, name)));
  if (found) return found.id;
  const [created] = await db
    .insert(departements)
    .values({ companyId, name })
    .returning({ id: departements.id });
  if (!created) throw new Error(`Could not create departement ${name}`);
  return created.id;
};

/** The plans catalogue (editable by super). Prices in rupiah. */
/** What the Business and Enterprise plans both offer: child users, multi-signing, the locker, certificates. */
const TEAM_FEATURES = {
  isParent: true,
  isMultipleEsign: true,
  isMultiSign: true,
  isDigitalLocker: true,
  isEsignSpesimen: true,
  isEsignCertificate: true,
};

export const SEED_PLANS: (typeof plans.$inferInsert)[] = [
  {
    name: 'Personal',
    priceIdr: 110_000,
    totalEmeterai: 10,
    totalEsign: 10,
    isEsignSpesimen: true,
    note: '10 e-Meterai and 10 e-signatures for one person',
  },
  {
    name: 'Starter',
    priceIdr: 1_050_000,
    totalEmeterai: 100,
    totalEsign: 100,
    totalMultiuser: 5,
    isParent: true,
    isEsignSpesimen: true,
    isDigitalLocker: true,
    note: 'Small teams',
  },
  {
    name: 'Business',
    priceIdr: 4_950_000,
    totalEmeterai: 500,
    totalEsign: 500,
    totalMultiuser: 25,
    ...TEAM_FEATURES,
    note: 'Departments, bulk stamping and the digital locker',
  },
  {
    name: 'Enterprise',
    priceIdr: 19_500_000,
    totalEmeterai: 2_000,
    totalEsign: 2_000,
    totalMultiuser: 200,
    totalPsre: 1_000,
    ...TEAM_FEATURES,
    note: 'Certified PSrE signatures included',
  },
];

/** Configuration values of spec §3 (status_name parsed as an integer by the web). */
export const SEED_MASTER_STATUS = [
  {
    statusGroup: 'threshold_quota_warning',
    statusName: '10',
    description: 'Warn when an e-Meterai or e-sign balance falls under this many units',
  },
  {
    statusGroup: 'max_gauge_personal',
    statusName: '100',
    description: 'Maximum of the quota gauge for personal accounts',
  },
  {
    statusGroup: 'price_emeterai',
    statusName: '10800',
    description: 'Price of one e-Meterai unit in rupiah, before PPN',
  },
  {
    statusGroup: 'price_esign',
    statusName: '5000',
    description: 'Price of one e-sign unit in rupiah, before PPN',
  },
  {
    statusGroup: 'ppn_rate',
    statusName: '11',
    description: 'PPN (VAT) rate in percent added to purchases',
  },
  {
    statusGroup: 'invoice_expiry_minutes',
    statusName: '1440',
    description: 'Minutes an unpaid invoice stays payable',
  },
];

/** The configuration values: one per group, so a value super changed is kept as it is. */
const seedStatuses = async (db: TDb) => {
  for (const status of SEED_MASTER_STATUS) {
    await db.insert(masterStatus).values(status).onConflictDoNothing();
  }
};

/**
 * The plans, found by name, then the configuration values. Only while the demo seed is not done:
 * after that the plans are super's (renamed, repriced, removed), and a start must not bring a
 * renamed one back beside it.
 */
const seedCatalogue = async (db: TDb) => {
  for (const plan of SEED_PLANS) {
    const [found] = await db.select({ id: plans.id }).from(plans).where(eq(plans.name, plan.name));
    if (!found) await db.insert(plans).values(plan);
  }
  await seedStatuses(db);
};

const subscribe = async (
  db: TDb,
  planName: string,
  owner: { companyId?: number; userId?: number },
) => {
  const [plan] = await db
    .select({ id: plans.id, days: plans.durationDays })
    .from(plans)
    .where(eq(plans.name, planName));
  if (!plan) throw new Error(`plan ${planName} missing`);
  const where =
    owner.companyId !== undefined
      ? eq(subscriptions.companyId, owner.companyId)
      : eq(subscriptions.userId, owner.userId ?? -1);
  const [existing] = await db.select({ id: subscriptions.id }).from(subscriptions).where(where);
  if (existing) return;
  await db.insert(subscriptions).values({
    planId: plan.id,
    companyId: owner.companyId ?? null,
    userId: owner.userId ?? null,
    expiresAt: new Date(Date.now() + plan.days * 86_400_000),
  });
};

/** Demo balances, written through the ledger with fixed keys so a second start adds nothing. */
const grant = async (db: TDb, to: TAccountRef, key: string, emeterai: number, esign: number) => {
  for (const [kind, quantity] of [
    ['emeterai', emeterai],
    ['esign', esign],
  ] as const) {
    await move(db, {
      kind,
      quantity,
      from: SYSTEM_ISSUED,
      to,
      reason: 'seed',
      companyId: to.companyId,
      idempotencyKey: `seed:${key}:${kind}`,
      note: 'Demo seed',
    });
  }
};

export type TSeedResult = { created: string[] };

/** The ledger key of the demo seed's last grant: once it is written, the demo seed is done. */
const DEMO_SEEDED_KEY = 'seed:demo-personal:esign';

const demoSeeded = async (db: TDb) => {
  const [done] = await db
    .select({ id: quotaMovements.id })
    .from(quotaMovements)
    .where(eq(quotaMovements.idempotencyKey, DEMO_SEEDED_KEY));
  return done !== undefined;
};

/**
 * Writes the demo company, its departements, users, plans and balances once, on the first start
 * of a database. After that the data is its users': renamed, deleted, spent as they like, and
 * every later start leaves it as it is (a renamed departement found again by its old name would
 * be made anew and given its grant a second time, which the ledger refuses). A first seed that
 * was cut short is finished on the next start (each step finds what the cut one made).
 */
export const seedDemo = async (db: TDb, options: { password: string }): Promise<TSeedResult> => {
  if (await demoSeeded(db)) {
    await seedStatuses(db);
    return { created: [] };
  }
  // The platform company is created first so that it gets id 1 on a fresh database: spec §6 shows
  // company_id 1's e-sign quota as infinite, which is the platform operator's own company.
  const platformId = await findOrCreateCompany(db, PLATFORM_COMPANY);
  const demoId = await findOrCreateCompany(db, DEMO_COMPANY);
  const deptIds = new Map<string, number>();
  for (const name of DEMO_DEPARTEMENTS)
    deptIds.set(name, await findOrCreateDepartement(db, demoId, name));

  await seedCatalogue(db);
  const created: string[] = [];
  const passwordHash = await hashPassword(options.password);
  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${account.email}`);
    if (existing) continue;
    await db.insert(users).values({
      email: account.email,
      passwordHash,
      fullName: account.fullName,
      nik: account.nik,
      role: account.role,
      userType: account.userType,
      companyId:
        account.company === 'demo' ? demoId : account.company === 'platform' ? platformId : null,
      departementId: account.departement ? (deptIds.get(account.departement) ?? null) : null,
      emetId: newEmetId(),
      phone: '081234567890',
      emailVerifiedAt: new Date(),
    });
    created.push(account.email);
  }

  await subscribe(db, 'Business', { companyId: demoId });
  await subscribe(db, 'Enterprise', { companyId: platformId });
  const [personal] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'personal@demo.local'));
  if (personal) await subscribe(db, 'Personal', { userId: personal.id });

  // Seeded balances: owner, company, idempotency key, units of e-Meterai and as many of e-sign.
  const grants: [TAccountRef['ownerType'], number | undefined, number | null, string, number][] = [
    ['company', demoId, demoId, 'demo-company', 100],
    ['departement', deptIds.get('Finance'), demoId, 'demo-finance', 20],
    ['user', personal?.id, null, 'demo-personal', 10],
  ];
  for (const [ownerType, ownerId, companyId, key, units] of grants)
    if (ownerId !== undefined)
      await grant(db, { ownerType, ownerId, companyId }, key, units, units);
  return { created };
};
