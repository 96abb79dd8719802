import {
  type TDocument,
  ZApiError,
  ZDocumentResponse,
  ZDocumentTimelineResponse,
  ZDocumentUserList,
} from '@bubuh/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { documents, signingNotices, users } from '../src/db/schema.ts';
import type { TMailer } from '../src/modules/mail/mailer.ts';
import { move, SYSTEM_ISSUED } from '../src/modules/quota/ledger.ts';
import { createSigningNotices } from '../src/modules/signing/signing-notices.ts';
import { createSigningReminders } from '../src/modules/signing/signing-reminders.ts';
import { callAs, type TMethod } from './auth-helpers.ts';
import {
  makePdf,
  newDepartmentMember,
  newDepartmentUser,
  type TSession,
  uploadedId,
} from './documents-helpers.ts';
import type { TTestContext } from './helpers.ts';
import { smtpContextPerFile, type TReceivedMail } from './smtp-helpers.ts';

const SET_SIGNERS = '/api/v1/esign-only/update-signer-data';
const DECLINE = '/api/v1/esign-only/decline';
const REMIND = '/api/v1/esign-only/remind';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('signing rounds: decline, deadline, reminders', () => {
  const smtp = smtpContextPerFile();
  let received: TReceivedMail[];
  let ctx: TTestContext;
  beforeAll(() => {
    ctx = smtp.ctx;
    received = smtp.received;
  });

  const call = (session: TSession, method: TMethod, url: string, payload?: unknown) =>
    callAs(ctx, session, method, url, payload);
  const people = new Map<number, { email: string; name: string }>();
  const know = async (session: TSession) => {
    const [row] = await ctx.database.db
      .select({ email: users.email, name: users.fullName })
      .from(users)
      .where(eq(users.id, session.userData.id));
    people.set(session.userData.id, { email: row?.email ?? '', name: row?.name ?? '' });
    return row?.name ?? '';
  };
  /** Mails to `session` whose text holds every one of `about`. */
  const mailsTo = (session: TSession, ...about: string[]) =>
    received.filter(
      (m) =>
        m.to.includes(people.get(session.userData.id)?.email ?? '-') &&
        about.every((text) => m.raw.includes(text)),
    );
  const waitForMails = (session: TSession, count: number, ...about: string[]) =>
    vi.waitFor(() => expect(mailsTo(session, ...about)).toHaveLength(count), {
      timeout: 20_000,
      interval: 100,
    });
  /** Lets queued jobs run, so that "no mail" means no mail was sent, not "not sent yet". */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500));

  const box = (userId: number, x: number) => ({
    user_id: userId,
    page: 1,
    x,
    y: 150,
    width: 140,
    height: 56,
  });
  const details = async (session: TSession, id: number): Promise<TDocument> => {
    const res = await call(session, 'GET', `/api/v1/single-stamp/get-document-details/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZDocumentResponse.parse(res.json()).data;
  };
  const timeline = async (session: TSession, id: number) => {
    const res = await call(session, 'GET', `/api/v1/single-stamp/document-history/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZDocumentTimelineResponse.parse(res.json()).data.events;
  };
  const bell = async (who: TSession) =>
    (await call(who, 'GET', '/api/notification/list/all-data')).body;

  /** A department user of a new company with e-sign units, and colleagues of the department. */
  const team = async (colleagues: number) => {
    const { session: owner, ref } = await newDepartmentUser(ctx, 0);
    await move(ctx.database.db, {
      kind: 'esign',
      quantity: 3,
      from: SYSTEM_ISSUED,
      to: ref,
      reason: 'purchase',
      companyId: ref.companyId,
    });
    await know(owner);
    const members: TSession[] = [];
    for (let i = 0; i < colleagues; i += 1) {
      const member = await newDepartmentMember(ctx, ref.companyId, ref.ownerId);
      await know(member);
      members.push(member);
    }
    return { owner, members, ref };
  };

  /** The sweep of the `signing-sweep` job, run here directly, telling the owner at once. */
  const sweeper = (mailer: TMailer = smtp.server.mailer(ctx.database), log = ctx.app.log) => {
    const notices = createSigningNotices({
      db: ctx.database.db,
      mailer,
      publicUrl: 'http://bubuh.test',
    });
    return createSigningReminders({
      db: ctx.database.db,
      mailer,
      publicUrl: 'http://bubuh.test',
      log,
      afterStop: async (id) => {
        await notices.notify(id);
      },
    });
  };

  it('a signer declines: the round stops, nobody further is asked, the owner hears who and why; asked again, it goes on', async () => {
    const {
      owner,
      members: [dewi, budi, citra, colleague],
    } = await team(4);
    if (!dewi || !budi || !citra || !colleague) throw new Error('four colleagues');
    const { session: outsider } = await newDepartmentUser(ctx, 0);
    const id = await uploadedId(ctx, owner, await makePdf(1), 'perjanjian-vendor.pdf');
    const link = `http://bubuh.test/stamp/single/esign/${id}`;
    const set = await call(owner, 'POST', SET_SIGNERS, {
      document_id: id,
      signers: [box(dewi.userData.id, 40), box(budi.userData.id, 200), box(citra.userData.id, 360)],
    });
    expect(set.statusCode, set.body).toBe(200);
    await waitForMails(dewi, 1, link);
    const signed = await call(dewi, 'POST', '/api/v1/esign-only/signer-process', {
      document_id: id,
      ...box(dewi.userData.id, 40),
      identity_confirmed: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    await waitForMails(budi, 1, link);

    const reason = 'Nilai kontrak di pasal 3 tidak sesuai penawaran';
    // Another company's user and a colleague who is no signer do not see the document; its
    // owner (no signer) and a signer who has signed already may not decline.
    for (const stranger of [outsider, colleague])
      expect((await call(stranger, 'POST', DECLINE, { document_id: id, reason })).statusCode).toBe(
        404,
      );
    expect((await call(owner, 'POST', DECLINE, { document_id: id, reason })).statusCode).toBe(403);
    const late = await call(dewi, 'POST', DECLINE, { document_id: id, reason });
    expect(late.statusCode).toBe(403);
    expect(ZApiError.parse(late.json()).message).toBe(
      'Only a signer who has not signed yet can decline',
    );
    expect(
      (await call(budi, 'POST', DECLINE, { document_id: id, reason: ' \t ' })).statusCode,
    ).toBe(400);

    const declined = await call(budi, 'POST', DECLINE, { document_id: id, reason: ` ${reason} ` });
    expect(declined.statusCode, declined.body).toBe(200);
    const stopped = ZDocumentResponse.parse(declined.json()).data;
    expect(stopped.status).toBe('nostamp');
    expect(stopped.signing_status).toBe('stopped');
    expect(stopped.stopped).toMatchObject({
      reason: 'declined',
      by_name: people.get(budi.userData.id)?.name,
      note: reason,
    });
    // Declining twice is a conflict; the stopped round is not signed any more.
    expect((await call(budi, 'POST', DECLINE, { document_id: id, reason })).statusCode).toBe(409);
    const sign = await call(budi, 'POST', '/api/v1/esign-only/signer-process', {
      document_id: id,
      ...box(budi.userData.id, 200),
      identity_confirmed: true,
    });
    expect(sign.statusCode).toBe(409);

    // The owner hears who declined and why, by e-mail and in the bell.
    const budiName = people.get(budi.userData.id)?.name ?? '-';
    await waitForMails(owner, 1, `${budiName} declined to sign`, reason);
    expect(mailsTo(owner, reason)[0]?.raw).toContain('perjanjian-vendor.pdf');
    await vi.waitFor(async () => expect(await bell(owner)).toContain(reason), {
      timeout: 20_000,
      interval: 100,
    });
    // Citra, next in line, is never asked.
    await settle();
    expect(mailsTo(citra, link)).toHaveLength(0);
    const waiting = await call(citra, 'GET', '/api/v1/single-stamp/get-document-user?waiting=me');
    expect(ZDocumentUserList.parse(waiting.json()).data.meta.total).toBe(0);

    const events = await timeline(owner, id);
    const decline = events.find((e) => e.type === 'declined');
    expect(decline).toMatchObject({
      actor_kind: 'user',
      actor_name: budiName,
      details: { reason },
    });

    // The owner asks again (Citra alone now): Dewi's signature stays, Citra's turn has come.
    const again = await call(owner, 'POST', SET_SIGNERS, {
      document_id: id,
      signers: [box(citra.userData.id, 360)],
    });
    expect(again.statusCode, again.body).toBe(200);
    const resumed = ZDocumentResponse.parse(again.json()).data;
    expect(resumed.signing_status).toBe('signing');
    expect(resumed.stopped).toBeNull();
    expect(resumed.signers.map((s) => [s.user_id, s.status])).toEqual([
      [dewi.userData.id, 'signed'],
      [citra.userData.id, 'pending'],
    ]);
    await waitForMails(citra, 1, link);
  });

  it('sweeps every 5 minutes', async () => {
    expect(await ctx.app.jobs.schedules()).toContainEqual({
      name: 'signing-sweep',
      cron: '*/5 * * * *',
    });
  });

  it('a deadline in the past or more than a year ahead is refused', async () => {
    const {
      owner,
      members: [dewi],
    } = await team(1);
    if (!dewi) throw new Error('a colleague');
    const id = await uploadedId(ctx, owner, await makePdf(1));
    const ask = (extra: Record<string, unknown>) =>
      call(owner, 'POST', SET_SIGNERS, {
        document_id: id,
        signers: [box(dewi.userData.id, 60)],
        ...extra,
      });
    const past = await ask({ deadline: new Date(Date.now() - HOUR).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(ZApiError.parse(past.json()).message).toBe(
      'deadline: The deadline must be in the future',
    );
    expect(
      (await ask({ deadline: new Date(Date.now() + 366 * DAY).toISOString() })).statusCode,
    ).toBe(400);
    expect((await ask({ deadline: '2030-01-01T10:00:00' })).statusCode).toBe(400);
    expect((await ask({ remind_every_days: 0 })).statusCode).toBe(400);
    expect((await ask({ remind_every_days: 31 })).statusCode).toBe(400);
    // Nothing was set by the refusals.
    expect((await details(owner, id)).signing_status).toBe('draft');

    const deadline = new Date(Date.now() + 3 * DAY);
    const wib = new Date(deadline.getTime() + 7 * HOUR).toISOString().replace('Z', '+07:00');
    const ok = await ask({ deadline: wib, remind_every_days: 2 });
    expect(ok.statusCode, ok.body).toBe(200);
    const doc = ZDocumentResponse.parse(ok.json()).data;
    expect(doc.deadline_at).toBe(deadline.toISOString());
    expect(doc.remind_every_days).toBe(2);
  });

  it('a round past its deadline stops; the owner is told once, however often the sweep runs', async () => {
    const {
      owner,
      members: [dewi],
    } = await team(1);
    if (!dewi) throw new Error('a colleague');
    const id = await uploadedId(ctx, owner, await makePdf(1), 'nota-dinas.pdf');
    const set = await call(owner, 'POST', SET_SIGNERS, {
      document_id: id,
      signers: [box(dewi.userData.id, 60)],
      deadline: new Date(Date.now() + 2 * HOUR).toISOString(),
    });
    expect(set.statusCode, set.body).toBe(200);
    const sweep = sweeper();
    await sweep.sweep();
    expect((await details(owner, id)).signing_status).toBe('signing');

    // The deadline passes.
    await ctx.database.db
      .update(documents)
      .set({ deadlineAt: sql`now() - interval '1 minute'` })
      .where(eq(documents.id, id));
    const runs = [...(await Promise.all([sweep.sweep(), sweep.sweep()])), await sweep.sweep()];
    expect(runs.map((run) => run.failed)).toEqual([0, 0, 0]);

    const doc = await details(owner, id);
    expect(doc.status).toBe('nostamp');
    expect(doc.signing_status).toBe('stopped');
    expect(doc.stopped).toMatchObject({ reason: 'expired', by_name: null, note: null });
    await waitForMails(owner, 1, 'The signing deadline passed', 'nota-dinas.pdf');
    await settle();
    expect(mailsTo(owner, 'The signing deadline passed')).toHaveLength(1);
    const expired = (await timeline(owner, id)).filter((e) => e.type === 'expired');
    expect(expired).toHaveLength(1);
    expect(expired[0]?.actor_kind).toBe('system');
    // Dewi may not sign an expired round any more.
    const sign = await call(dewi, 'POST', '/api/v1/esign-only/signer-process', {
      document_id: id,
      ...box(dewi.userData.id, 60),
      identity_confirmed: true,
    });
    expect(sign.statusCode).toBe(409);
  });

  it('reminds the signer whose turn it is every remind_every_days, once per period', async () => {
    const {
      owner,
      members: [dewi],
    } = await team(1);
    if (!dewi) throw new Error('a colleague');
    const id = await uploadedId(ctx, owner, await makePdf(1), 'surat-kuasa.pdf');
    const link = `http://bubuh.test/stamp/single/esign/${id}`;
    const set = await call(owner, 'POST', SET_SIGNERS, {
      document_id: id,
      signers: [box(dewi.userData.id, 60)],
      remind_every_days: 2,
    });
    expect(set.statusCode, set.body).toBe(200);
    await waitForMails(dewi, 1, link);
    const sweep = sweeper();
    await sweep.sweep();
    // Told just now: no reminder yet.
    expect(mailsTo(dewi, 'Reminder', link)).toHaveLength(0);

    // Three days pass since her turn notice.
    await ctx.database.db
      .update(signingNotices)
      .set({ sentAt: sql`now() - interval '3 days'` })
      .where(eq(signingNotices.documentId, id));
    // The mail server is down: the reminder is logged and given back, the sweep goes on.
    const down = sweeper(
      { transport: 'smtp', send: () => Promise.reject(new Error('connection refused')) },
      // The failure it logs is expected here.
      ctx.app.log.child({}, { level: 'silent' }),
    );
    expect((await down.sweep()).failed).toBeGreaterThan(0);
    expect((await details(owner, id)).reminded_at).toBeNull();
    expect(mailsTo(dewi, 'Reminder', link)).toHaveLength(0);
    // Two runs at once (a retried job beside the scheduled one), then another one.
    await Promise.all([sweep.sweep(), sweep.sweep()]);
    await sweep.sweep();
    await waitForMails(dewi, 1, 'Reminder', link);
    await settle();
    expect(mailsTo(dewi, 'Reminder', link)).toHaveLength(1);
    expect(mailsTo(dewi, 'Reminder', link)[0]?.raw).toContain('surat-kuasa.pdf');
    const reminded = (await timeline(owner, id)).filter((e) => e.type === 'reminded');
    expect(reminded).toHaveLength(1);
    expect(reminded[0]?.actor_kind).toBe('system');
    expect((await details(owner, id)).reminded_at).not.toBeNull();
  });

  it('"remind now": the manager reminds the current signer, at most once an hour', async () => {
    const {
      owner,
      members: [dewi, colleague],
    } = await team(2);
    if (!dewi || !colleague) throw new Error('two colleagues');
    const { session: outsider } = await newDepartmentUser(ctx, 0);
    const id = await uploadedId(ctx, owner, await makePdf(1), 'berita-acara.pdf');
    const link = `http://bubuh.test/stamp/single/esign/${id}`;
    // A draft without signers has nobody to remind.
    expect((await call(owner, 'POST', REMIND, { document_id: id })).statusCode).toBe(409);
    const set = await call(owner, 'POST', SET_SIGNERS, {
      document_id: id,
      signers: [box(dewi.userData.id, 60)],
    });
    expect(set.statusCode, set.body).toBe(200);
    await waitForMails(dewi, 1, link);

    // The signer sees the document but does not manage it; the others do not see it.
    expect((await call(dewi, 'POST', REMIND, { document_id: id })).statusCode).toBe(403);
    for (const stranger of [outsider, colleague])
      expect((await call(stranger, 'POST', REMIND, { document_id: id })).statusCode).toBe(404);

    const before = Date.now();
    const first = await call(owner, 'POST', REMIND, { document_id: id });
    expect(first.statusCode, first.body).toBe(200);
    const doc = ZDocumentResponse.parse(first.json()).data;
    expect(Date.parse(doc.remind_again_at ?? '') - Date.parse(doc.reminded_at ?? '')).toBe(HOUR);
    await waitForMails(dewi, 1, 'Reminder', link);
    await vi.waitFor(async () => expect(await bell(dewi)).toContain('Reminder'), {
      timeout: 20_000,
      interval: 100,
    });

    const second = await callAs(
      ctx,
      owner,
      'POST',
      REMIND,
      { document_id: id },
      {
        'accept-language': 'id',
      },
    );
    expect(second.statusCode).toBe(429);
    const refused = ZApiError.parse(second.json());
    expect(refused.errors.status).toBe('RATE_LIMITED');
    expect(refused.message).toBe(
      'Pengingat sudah dikirim kurang dari satu jam yang lalu. Anda dapat mengingatkan lagi dalam 60 menit.',
    );
    const retryAt = Date.parse(String(refused.errors.retry_at));
    expect(retryAt).toBeGreaterThanOrEqual(before + HOUR - 1_000);
    expect(retryAt).toBeLessThanOrEqual(Date.now() + HOUR);
    await settle();
    expect(mailsTo(dewi, 'Reminder', link)).toHaveLength(1);
    const reminded = (await timeline(owner, id)).filter((e) => e.type === 'reminded');
    expect(reminded).toHaveLength(1);
    expect(reminded[0]).toMatchObject({
      actor_kind: 'user',
      actor_name: people.get(owner.userData.id)?.name,
    });
  });
});
