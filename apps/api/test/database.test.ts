import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../src/db/client.ts';
import { acquireDirLock, DataDirLockedError, processStart } from '../src/db/lock.ts';
import { companies, departements, users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_COMPANY, seedDemo } from '../src/demo/seed.ts';
import { verifyPassword } from '../src/lib/password.ts';
import { openTestDatabase } from './helpers.ts';

describe('demo seed', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('creates the demo company, departments and one account per role, idempotently', async () => {
    await seedDemo(database.db, { password: 'Demo#2026!' });
    await seedDemo(database.db, { password: 'Demo#2026!' });
    const [company] = await database.db
      .select()
      .from(companies)
      .where(eq(companies.name, DEMO_COMPANY));
    expect(company).toBeDefined();
    const depts = await database.db
      .select({ name: departements.name })
      .from(departements)
      .where(eq(departements.companyId, company?.id ?? -1));
    expect(depts.map((d) => d.name).sort()).toEqual(['Finance', 'Legal']);

    for (const account of DEMO_ACCOUNTS) {
      const rows = await database.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${account.email}`);
      expect(rows, account.email).toHaveLength(1);
      const [row] = rows;
      expect(row?.role).toBe(account.role);
      expect(row?.userType).toBe(account.userType);
      expect(row?.emetId).toMatch(/^DF[A-Z2-9]{8}$/);
      expect(await verifyPassword(row?.passwordHash ?? '', 'Demo#2026!')).toBe(true);
    }
    const [finance] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'user@demo.local'));
    const [financeDept] = await database.db
      .select()
      .from(departements)
      .where(eq(departements.id, finance?.departementId ?? -1));
    expect(financeDept?.name).toBe('Finance');
  });
});

describe('embedded database lock', () => {
  it('refuses a second owner of the data folder while the first is alive', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bubuh-lock-'));
    const holder = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(path.join(dir, 'bubuh.lock'), String(holder.pid));
      expect(() => acquireDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDirLock(dir)).toThrow(/in use by another Bubuh process \(pid \d+\)/);
    } finally {
      holder.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes over a stale lock left by a dead process', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bubuh-lock-'));
    fs.writeFileSync(path.join(dir, 'bubuh.lock'), '999999');
    const lock = acquireDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'bubuh.lock'), 'utf8')).toBe(
      `${process.pid}:${processStart(process.pid)}`,
    );
    lock.release();
    expect(fs.existsSync(path.join(dir, 'bubuh.lock'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('tells a live holder from a reused pid by its start time', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bubuh-lock-'));
    const holder = spawn('sleep', ['30']);
    const file = path.join(dir, 'bubuh.lock');
    try {
      const pid = holder.pid ?? 0;
      expect(processStart(pid)).toMatch(/^\d+$/);
      // The same process: refused.
      fs.writeFileSync(file, `${pid}:${processStart(pid)}`);
      expect(() => acquireDirLock(dir)).toThrow(DataDirLockedError);
      // A live pid that started at another time is not the process that wrote the lock.
      fs.writeFileSync(file, `${pid}:1`);
      const lock = acquireDirLock(dir);
      lock.release();
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      holder.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
