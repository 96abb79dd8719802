import type { TNotification } from '@bubuh/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { companies, departements, users } from '../src/db/schema.ts';
import { DEMO_COMPANY, seedDemo } from '../src/demo/seed.ts';
import { bossDbFor } from '../src/jobs/boss-db.ts';
import { createJobs } from '../src/jobs/jobs.ts';
import { createOutboxMailer } from '../src/modules/mail/outbox-mailer.ts';
import { createNoticeMail } from '../src/modules/notifications/notice-mail.ts';
import * as notificationsRepo from '../src/modules/notifications/notifications.repository.ts';
import {
  createNotifier,
  NOTIFY_QUEUE,
} from '../src/modules/notifications/notifications.service.ts';
import { move, SYSTEM_ISSUED } from '../src/modules/quota/ledger.ts';
import { callAs, login } from './auth-helpers.ts';
import {
  makePdf,
  newDepartmentMember,
  newDepartmentUser,
  purchase,
  signerBox,
  signInBox,
  stampNewDocument,
  type TSession,
  uploadedId,
} from './documents-helpers.ts';
import { createTestContext, RELAXED_LIMITS, type TTestContext } from './helpers.ts';
import { lockerCompany, uploadFile } from './locker-helpers.ts';

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { ...RELAXED_LIMITS } });
  await seedDemo(ctx.database.db, { password: 'Demo#2026!' });
});
afterAll(() => ctx.close());

const WAIT = { timeout: 30_000, interval: 200 };
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
    const stamped = await stampNewDocument(ctx, session);
    const serial = stamped.json().data.serial_number as string;
    await vi.waitFor(
      async () => {
        // The low-quota notice (one unit, now spent) may come before or after it.
        const notes = (await bell(session)).filter((n) => n.header === 'Document stamped');
        expect(notes).toHaveLength(1);
        expect(notes[0]?.content).toContain(serial);
      },
      { timeout: 30_000, interval: 200 },
    );
  });

  it('the stamped notice speaks the language the user chose', async () => {
    const { session } = await newDepartmentUser(ctx, 1);
    await ctx.database.db
      .update(users)
      .set({ language: 'id' })
      .where(eq(users.id, session.userData.id));
    const stamped = await stampNewDocument(ctx, session);
    const serial = stamped.json().data.serial_number as string;
    await vi.waitFor(async () => {
      const notes = await bell(session);
      const note = notes.find((n) => n.header === 'Dokumen selesai dibubuhi e-Meterai');
      expect(note?.content).toBe(
        `Dokumen #${stamped.json().data.document_id} dibubuhi e-Meterai dengan nomor seri ${serial}.`,
      );
      expect(notes.some((n) => n.header === 'Document stamped')).toBe(false);
    }, WAIT);
  });
});

describe('payments, signing, low quota and the bell ETag', () => {
  const buy = async (admin: TSession, quantity: number) => {
    const res = await callAs(ctx, admin, 'POST', '/api/v1/purchase/quota', {
      type: 'emeterai',
      quantity,
      method: 'gateway',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; number: string };
  };
  const complete = (admin: TSession, id: number, outcome: 'success' | 'failure') =>
    callAs(ctx, admin, 'POST', `/api/v1/purchase/sandbox/${id}/complete`, { outcome });

  it('a payment settled in the sandbox and a failed one tell the buyer', async () => {
    const admin = (await login(ctx, 'admin@demo.local', 'Demo#2026!')) as TSession;
    const paid = await buy(admin, 5);
    expect((await complete(admin, paid.id, 'success')).json().data.status).toBe('paid');
    const failed = await buy(admin, 2);
    expect((await complete(admin, failed.id, 'failure')).json().data.status).toBe('failed');
    await vi.waitFor(async () => {
      const notes = await bell(admin);
      // Other test files buy as the demo admin on a shared PostgreSQL database: this invoice's.
      const settled = notes.filter(
        (n) => n.header === 'Payment settled' && n.link === `/quota/invoice/${paid.id}`,
      );
      expect(settled).toHaveLength(1);
      expect(settled[0]).toMatchObject({
        content: `The payment of invoice ${paid.number} is settled.`,
        link: `/quota/invoice/${paid.id}`,
      });
      expect(
        notes.find(
          (n) => n.header === 'Payment failed' && n.link === `/quota/invoice/${failed.id}`,
        ),
      ).toMatchObject({
        content: `The payment of invoice ${failed.number} failed.`,
        link: `/quota/invoice/${failed.id}`,
      });
    }, WAIT);
  }, 90_000);

  it('two signers: signer 2 hears it is their turn, the owner who signed and that all signed', async () => {
    const { session: owner, ref } = await newDepartmentUser(ctx, 0);
    await purchase(ctx, ref, 'esign', 20);
    const dewi = await newDepartmentMember(ctx, ref.companyId, ref.ownerId);
    const [dewiRow] = await ctx.database.db
      .select({ fullName: users.fullName })
      .from(users)
      .where(eq(users.id, dewi.userData.id));
    const id = await uploadedId(ctx, owner, await makePdf(1), 'kontrak.pdf');
    const set = await callAs(ctx, owner, 'POST', '/api/v1/esign-only/update-signer-data', {
      document_id: id,
      signers: [signerBox(owner.userData.id, 60), signerBox(dewi.userData.id, 240)],
    });
    expect(set.statusCode, set.body).toBe(200);
    const sign = (who: TSession, x: number) => signInBox(ctx, who, id, x);
    expect((await sign(owner, 60)).statusCode).toBe(200);
    await vi.waitFor(async () => {
      const turn = (await bell(dewi)).find((n) => n.header === 'Waiting for your signature');
      expect(turn).toMatchObject({
        content: '"kontrak.pdf" is waiting for your signature.',
        link: `/stamp/single/esign/${id}`,
      });
    }, WAIT);
    // The owner signing their own document hears nothing about it.
    expect((await bell(owner)).some((n) => n.header.startsWith('Signed by'))).toBe(false);
    expect((await sign(dewi, 240)).statusCode).toBe(200);
    await vi.waitFor(async () => {
      const notes = await bell(owner);
      expect(notes.filter((n) => n.header === `Signed by ${dewiRow?.fullName}`)).toHaveLength(1);
      expect(notes.filter((n) => n.header === 'Everyone has signed')).toHaveLength(1);
    }, WAIT);
  });

  it('spending units below threshold_quota_warning (10) tells the department once a day', async () => {
    const { session } = await newDepartmentUser(ctx, 11);
    for (let i = 0; i < 3; i++) {
      await stampNewDocument(ctx, session);
    }
    // 11 → 10 (not below), 9 (below: the notice), 8 (the same day: nothing new).
    await vi.waitFor(async () => {
      const low = (await bell(session)).filter((n) => n.header === 'Quota running low');
      expect(low).toHaveLength(1);
      expect(low[0]?.content).toBe('9 e-Meterai units left (below 10).');
    }, WAIT);
  });

  /** A notice stored directly (as the notify job does). */
  const hello = (session: TSession, key: string) =>
    notificationsRepo.insertOnce(ctx.database.db, {
      userId: session.userData.id,
      key,
      header: 'Hello',
      content: 'A new notice',
      link: null,
    });

  it('the unread count carries an ETag: 304 while nothing changed, 200 after a notice', async () => {
    const { session } = await newDepartmentUser(ctx, 0);
    const first = await callAs(ctx, session, 'GET', '/api/notification/unread-count');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ unread: 0 });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await callAs(ctx, session, 'GET', '/api/notification/unread-count', undefined, {
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await hello(session, 'etag-test');
    const changed = await callAs(ctx, session, 'GET', '/api/notification/unread-count', undefined, {
      'if-none-match': etag,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ unread: 1 });
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('the list carries an ETag too: 304 while nothing changed, 200 after a notice and after a read', async () => {
    const { session } = await newDepartmentUser(ctx, 0);
    const list = (etag?: string) =>
      callAs(
        ctx,
        session,
        'GET',
        '/api/notification/list/all-data',
        undefined,
        etag ? { 'if-none-match': etag } : {},
      );
    const first = await list();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual([]);
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const same = await list(etag);
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    await hello(session, 'etag-list-test');
    const changed = await list(etag);
    expect(changed.statusCode).toBe(200);
    const [notice] = changed.json() as TNotification[];
    expect(notice).toMatchObject({ header: 'Hello', read: false });
    const unreadTag = String(changed.headers.etag);
    expect(unreadTag).not.toBe(etag);
    expect((await list(unreadTag)).statusCode).toBe(304);
    await callAs(ctx, session, 'POST', `/api/notification/${notice?.id}/read`);
    const read = await list(unreadTag);
    expect(read.statusCode).toBe(200);
    expect((read.json() as TNotification[])[0]?.read).toBe(true);
  });

  it('a store past 90 % of the locker tells the admins of the shared space once a month', async () => {
    const small = await lockerCompany(ctx, { maxBytes: 50_000 });
    const up = (name: string, bytes: number) =>
      uploadFile(
        ctx,
        small.admin,
        { name, content: Buffer.alloc(bytes, 'a') },
        { space: 'shared' },
      );
    expect((await up('a.txt', 40_000)).res.statusCode).toBe(201);
    expect((await up('b.txt', 6_000)).res.statusCode).toBe(201);
    expect((await up('c.txt', 1_000)).res.statusCode).toBe(201);
    await vi.waitFor(async () => {
      const full = (await bell(small.admin)).filter((n) => n.header === 'Locker nearly full');
      expect(full).toHaveLength(1);
      expect(full[0]?.content).toBe('The digital locker is 92% full.');
    }, WAIT);
    // The uploads of the shared space are the admins' business, not the user's.
    expect((await bell(small.user)).some((n) => n.header === 'Locker nearly full')).toBe(false);
  });
});

describe('a notice stored inside a job (notifier.store)', () => {
  it('is queued as a notify job, to be retried, when it cannot be stored at once', async () => {
    const { db } = ctx.database;
    // A process of its own that only sends (the app's workers run the queued job).
    const jobs = createJobs({
      db: bossDbFor(ctx.database.connection, () => {}),
      runWorkers: false,
      log: { error: () => {}, warn: () => {} },
      schema: ctx.env.JOBS_SCHEMA,
    });
    await jobs.start();
    try {
      const mailer = createOutboxMailer(db);
      const noticeMail = createNoticeMail({ db, jobs, mailer, publicUrl: 'http://localhost' });
      const notifier = createNotifier({ db, jobs, noticeMail });
      const key = `store-fallback-${Date.now()}`;
      // No such user: the notification's insert fails on its foreign key.
      const userId = 2_000_000_000;
      await notifier.store({ userId, key, header: 'Document stamped', content: 'x' });
      const queued = (await db.execute(
        sql`select state from ${sql.identifier(ctx.env.JOBS_SCHEMA)}.job where name = ${NOTIFY_QUEUE} and data->>'key' = ${key}`,
      )) as { rows: { state: string }[] };
      expect(queued.rows).toHaveLength(1);
      expect(await notificationsRepo.latest(db, userId, 10)).toEqual([]);
    } finally {
      await jobs.stop();
    }
  });
});
