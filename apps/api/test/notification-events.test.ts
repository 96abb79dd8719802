import type { TNotification } from '@bubuh/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { companies, departements } from '../src/db/schema.ts';
import { DEMO_COMPANY, seedDemo } from '../src/db/seed.ts';
import { move, SYSTEM_ISSUED } from '../src/modules/quota/ledger.ts';
import { callAs, login } from './auth-helpers.ts';
import { makePdf, newDepartmentUser, stampDocument, uploadedId } from './documents-helpers.ts';
import { createTestContext, RELAXED_LIMITS, type TTestContext } from './helpers.ts';

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { ...RELAXED_LIMITS } });
  await seedDemo(ctx.database.db, { password: 'Demo#2026!' });
});
afterAll(() => ctx.close());

const bell = async (session: { accessToken: string }) =>
  (await callAs(ctx, session, 'GET', '/api/notification/list/all-data')).json() as TNotification[];

describe('notifications fired by the real flows', () => {
  it('a quota transfer to a department tells its users', async () => {
    const db = ctx.database.db;
    const [demo] = await db.select().from(companies).where(eq(companies.name, DEMO_COMPANY));
    const companyId = demo?.id ?? 0;
    const [finance] = await db
      .select()
      .from(departements)
      .where(and(eq(departements.companyId, companyId), eq(departements.name, 'Finance')));
    await move(db, {
      kind: 'emeterai',
      quantity: 5,
      from: SYSTEM_ISSUED,
      to: { ownerType: 'company', ownerId: companyId, companyId },
      reason: 'purchase',
      companyId,
    });
    const admin = await login(ctx, 'admin@demo.local', 'Demo#2026!');
    const user = await login(ctx, 'user@demo.local', 'Demo#2026!');
    const res = await callAs(ctx, admin, 'POST', '/api/v1/quota/transfer-quota-company', {
      departement_id: finance?.id,
      quota: 3,
      type: 'emeterai',
    });
    expect(res.statusCode, res.body).toBe(200);
    await vi.waitFor(
      async () => {
        const received = (await bell(user)).find((n) => n.header === 'Quota received');
        expect(received?.content).toBe('Your department received 3 e-Meterai quota.');
        expect(received?.read).toBe(false);
      },
      { timeout: 30_000, interval: 200 },
    );
    // The admin who sent it is not in the department: nothing for them.
    expect((await bell(admin)).some((n) => n.header === 'Quota received')).toBe(false);
  });

  it('a finished stamp tells the one who stamped, once', async () => {
    const { session } = await newDepartmentUser(ctx, 1);
    const id = await uploadedId(ctx, session, await makePdf(2));
    const stamped = await stampDocument(ctx, session, id);
    expect(stamped.statusCode, stamped.body).toBe(200);
    const serial = stamped.json().data.serial_number as string;
    await vi.waitFor(
      async () => {
        const notes = await bell(session);
        expect(notes.filter((n) => n.header === 'Document stamped')).toHaveLength(1);
        expect(notes[0]?.content).toContain(serial);
      },
      { timeout: 30_000, interval: 200 },
    );
  });
});
