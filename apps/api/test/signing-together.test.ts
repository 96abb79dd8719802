import { ZDashboardDocuments, ZDocumentUserList } from '@bubuh/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/schema.ts';
import { move, SYSTEM_ISSUED } from '../src/modules/quota/ledger.ts';
import { createSigningNotices } from '../src/modules/signing/signing-notices.ts';
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

describe('signing together: e-mails, "waiting for my signature", who may ask', () => {
  const smtp = smtpContextPerFile();
  let received: TReceivedMail[];
  let ctx: TTestContext;
  beforeAll(() => {
    ctx = smtp.ctx;
    received = smtp.received;
  });

  const call = (session: TSession, method: TMethod, url: string, payload?: unknown) =>
    callAs(ctx, session, method, url, payload);
  const emails = new Map<number, string>();
  const emailOf = async (session: TSession) => {
    const [row] = await ctx.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, session.userData.id));
    emails.set(session.userData.id, row?.email ?? '');
  };
  /** Mails to `session` whose text holds `about` (other notices, e.g. low quota, may arrive too). */
  const mailsTo = (session: TSession, about: string) =>
    received.filter(
      (m) => m.to.includes(emails.get(session.userData.id) ?? '-') && m.raw.includes(about),
    );
  const waitingList = async (session: TSession) => {
    const res = await call(session, 'GET', '/api/v1/single-stamp/get-document-user?waiting=me');
    expect(res.statusCode, res.body).toBe(200);
    return ZDocumentUserList.parse(res.json()).data;
  };
  const box = (userId: number, x: number) => ({
    user_id: userId,
    page: 1,
    x,
    y: 150,
    width: 140,
    height: 56,
  });

  /** A department user of a new company with three e-sign units to ask colleagues with. */
  const ownerWithSignatures = async () => {
    const { session: owner, ref } = await newDepartmentUser(ctx, 0);
    await move(ctx.database.db, {
      kind: 'esign',
      quantity: 3,
      from: SYSTEM_ISSUED,
      to: ref,
      reason: 'purchase',
      companyId: ref.companyId,
    });
    return { owner, ref };
  };
  /** `who` signs document `id` in the box at `x` (the test's boxes sit side by side). */
  const signAt = (who: TSession, id: number, x: number) =>
    call(who, 'POST', '/api/v1/esign-only/signer-process', {
      document_id: id,
      page: 1,
      x,
      y: 150,
      width: 140,
      height: 56,
      identity_confirmed: true,
    });

  it('a department user (not an admin) asks a colleague; each signer hears when it is their turn; the owner when all signed', async () => {
    const { owner, ref } = await ownerWithSignatures();
    const dewi = await newDepartmentMember(ctx, ref.companyId, ref.ownerId);
    const outsider = await newDepartmentUser(ctx, 0);
    await emailOf(owner);
    await emailOf(dewi);
    const id = await uploadedId(ctx, owner, await makePdf(1), 'kontrak-kerja.pdf');

    // Someone of another company cannot be asked.
    const foreign = await call(owner, 'POST', '/api/v1/esign-only/update-signer-data', {
      document_id: id,
      signers: [box(outsider.session.userData.id, 60)],
    });
    expect(foreign.statusCode).toBe(400);

    const set = await call(owner, 'POST', '/api/v1/esign-only/update-signer-data', {
      document_id: id,
      signers: [box(owner.userData.id, 60), box(dewi.userData.id, 240)],
    });
    expect(set.statusCode, set.body).toBe(200);
    // The owner signs first: nobody is e-mailed yet, Dewi is not waiting yet.
    expect((await waitingList(owner)).meta.total).toBe(1);
    expect((await waitingList(dewi)).meta.total).toBe(0);

    const sign = (who: TSession, x: number) => signAt(who, id, x);
    // Dewi is a signer but not the owner: she may neither cancel nor delete the document.
    expect(
      (await call(dewi, 'POST', '/api/v1/single-stamp/canceled-stamp', { document_id: id }))
        .statusCode,
    ).toBe(403);

    expect((await sign(owner, 60)).statusCode).toBe(200);
    const turnLink = `http://bubuh.test/stamp/single/esign/${id}`;
    await vi.waitFor(() => expect(mailsTo(dewi, turnLink)).toHaveLength(1), {
      timeout: 20_000,
      interval: 100,
    });
    const turn = mailsTo(dewi, turnLink)[0]?.raw ?? '';
    expect(turn).toContain('kontrak-kerja.pdf');

    const waiting = await waitingList(dewi);
    expect(waiting.data.map((d) => d.document_id)).toEqual([id]);
    expect((await waitingList(owner)).meta.total).toBe(0);
    const dashboard = ZDashboardDocuments.parse(
      (await call(dewi, 'GET', '/api/v1/dashboard/get-document-dashboard')).json(),
    ).data;
    expect(dashboard.waiting_for_me.total).toBe(1);
    expect(dashboard.waiting_for_me.recent[0]?.document_file).toBe('kontrak-kerja.pdf');

    expect((await sign(dewi, 240)).statusCode).toBe(200);
    await vi.waitFor(() => expect(mailsTo(owner, 'Everyone has signed')).toHaveLength(1), {
      timeout: 20_000,
      interval: 100,
    });
    expect(mailsTo(owner, 'kontrak-kerja.pdf')).toHaveLength(1);
    expect((await waitingList(dewi)).meta.total).toBe(0);

    // Idempotent: the job running again (a retry) e-mails nobody twice.
    const notices = createSigningNotices({
      db: ctx.database.db,
      mailer: smtp.server.mailer(ctx.database),
      publicUrl: 'http://bubuh.test',
    });
    expect(await notices.notify(id)).toEqual({ sent: [] });
    expect(mailsTo(dewi, turnLink)).toHaveLength(1);
    expect(mailsTo(owner, 'Everyone has signed')).toHaveLength(1);
  });

  it('tells the first signer at once when the owner asks others to sign, the next after them', async () => {
    const { owner, ref } = await ownerWithSignatures();
    const dewi = await newDepartmentMember(ctx, ref.companyId, ref.ownerId);
    const budi = await newDepartmentMember(ctx, ref.companyId, ref.ownerId);
    await emailOf(dewi);
    await emailOf(budi);
    const id = await uploadedId(ctx, owner, await makePdf(1), 'perjanjian-sewa.pdf');
    const link = `http://bubuh.test/stamp/single/esign/${id}`;
    const bell = async (who: TSession) =>
      (await call(who, 'GET', '/api/notification/list/all-data')).body;

    const set = await call(owner, 'POST', '/api/v1/esign-only/update-signer-data', {
      document_id: id,
      signers: [box(dewi.userData.id, 60), box(budi.userData.id, 240)],
    });
    expect(set.statusCode, set.body).toBe(200);
    // Dewi signs first: her e-mail and her bell say so before anyone has signed.
    await vi.waitFor(() => expect(mailsTo(dewi, link)).toHaveLength(1), {
      timeout: 20_000,
      interval: 100,
    });
    expect(mailsTo(dewi, link)[0]?.raw).toContain('perjanjian-sewa.pdf');
    await vi.waitFor(async () => expect(await bell(dewi)).toContain('perjanjian-sewa.pdf'), {
      timeout: 20_000,
      interval: 100,
    });
    expect(mailsTo(budi, link)).toHaveLength(0);
    expect(await bell(budi)).not.toContain('perjanjian-sewa.pdf');

    const signed = await signAt(dewi, id, 60);
    expect(signed.statusCode, signed.body).toBe(200);
    await vi.waitFor(() => expect(mailsTo(budi, link)).toHaveLength(1), {
      timeout: 20_000,
      interval: 100,
    });
    // Her signature tells Budi; Dewi, told at her turn, is not e-mailed again.
    expect(mailsTo(dewi, link)).toHaveLength(1);
  });

  it('a personal account can only sign alone', async () => {
    const { session: owner } = await newDepartmentUser(ctx, 0);
    const personal = await newDepartmentMember(ctx, null, null);
    const id = await uploadedId(ctx, personal, await makePdf(1));
    const res = await call(personal, 'POST', '/api/v1/esign-only/update-signer-data', {
      document_id: id,
      signers: [box(owner.userData.id, 60)],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Signers must be users of the same company');
  });
});
