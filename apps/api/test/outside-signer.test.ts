import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ZDocumentResponse,
  ZDocumentTimelineResponse,
  ZSignLinkViewResponse,
} from '@bubuh/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signerLinks, users } from '../src/db/schema.ts';
import { move, SYSTEM_ISSUED } from '../src/modules/quota/ledger.ts';
import { callAs } from './auth-helpers.ts';
import {
  makePdf,
  newDepartmentMember,
  newDepartmentUser,
  pdfsig,
  signerBox,
  signInBox,
  type TSession,
  uploadedId,
} from './documents-helpers.ts';
import type { TTestContext } from './helpers.ts';
import { smtpContextPerFile, type TReceivedMail } from './smtp-helpers.ts';

/** The text of a PDF as poppler reads it (one line per row of the certificate). */
const pdfText = (bytes: Buffer) => {
  const file = path.join(os.tmpdir(), `bubuh-outside-${process.pid}-${Date.now()}.pdf`);
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    fs.rmSync(file, { force: true });
  }
};

const TOKEN = /\/sign\/([A-Za-z0-9_-]{43})/;

describe('signers outside the company: their own link, a code, and a signature naming them', () => {
  const smtp = smtpContextPerFile();
  let received: TReceivedMail[];
  let ctx: TTestContext;
  beforeAll(() => {
    ctx = smtp.ctx;
    received = smtp.received;
  });

  const inject = (
    method: 'GET' | 'POST',
    url: string,
    options: { payload?: Record<string, unknown>; session?: string } = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: {
        'user-agent': 'VendorBrowser/2.0',
        ...(options.session ? { 'x-signing-session': options.session } : {}),
      },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  const mailsTo = (email: string) => received.filter((m) => m.to.includes(email));
  /** The token of the newest signing link e-mailed to `email`. */
  const linkTo = async (email: string, after = 0) => {
    await vi.waitFor(
      () => expect(mailsTo(email).filter((m) => TOKEN.test(m.raw)).length).toBeGreaterThan(after),
      { timeout: 20_000, interval: 100 },
    );
    const mails = mailsTo(email).filter((m) => TOKEN.test(m.raw));
    return TOKEN.exec(mails.at(-1)?.raw ?? '')?.[1] ?? '';
  };
  /** Asks for a code and reads it from the newest code e-mail. */
  const codeFor = async (token: string, email: string) => {
    const before = mailsTo(email).filter((m) => m.raw.includes('Your code to open')).length;
    const sent = await inject('POST', `/api/v1/sign-link/${token}/send-code`);
    expect(sent.statusCode, sent.body).toBe(200);
    await vi.waitFor(
      () =>
        expect(mailsTo(email).filter((m) => m.raw.includes('Your code to open')).length).toBe(
          before + 1,
        ),
      { timeout: 10_000, interval: 50 },
    );
    const mail = mailsTo(email)
      .filter((m) => m.raw.includes('Your code to open'))
      .at(-1);
    // The code stands on a line of its own in the text part.
    return /^\s*(\d{6})\s*$/m.exec(mail?.raw ?? '')?.[1] ?? '';
  };
  const verify = (token: string, code: string) =>
    inject('POST', `/api/v1/sign-link/${token}/verify-code`, { payload: { code } });
  const sessionOf = async (token: string, email: string) => {
    const res = await verify(token, await codeFor(token, email));
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { session: string } }).data.session;
  };

  let seq = 0;
  /** An owner (English mails) with e-sign units who asks Dewi, then an outside vendor, to sign. */
  const sentToVendor = async (order: 'dewi-first' | 'vendor-only' = 'dewi-first') => {
    seq += 1;
    const { session: owner, ref } = await newDepartmentUser(ctx, 0);
    await move(ctx.database.db, {
      kind: 'esign',
      quantity: 4,
      from: SYSTEM_ISSUED,
      to: ref,
      reason: 'purchase',
      companyId: ref.companyId,
    });
    const dewi = await newDepartmentMember(ctx, ref.companyId, ref.ownerId);
    const email = `budi.${seq}.${Date.now()}@vendor.test`;
    const id = await uploadedId(ctx, owner, await makePdf(1), 'kontrak-vendor.pdf');
    const vendor = { name: 'Budi Santoso', email, ...signerBox(0, 240) };
    const { user_id: _unused, ...vendorBox } = vendor;
    const signers =
      order === 'dewi-first' ? [signerBox(dewi.userData.id, 60), vendorBox] : [vendorBox];
    const set = await callAs(ctx, owner, 'POST', '/api/v1/esign-only/update-signer-data', {
      document_id: id,
      signers,
    });
    expect(set.statusCode, set.body).toBe(200);
    return { owner, dewi, id, email, ownerRef: ref };
  };

  const ownerEmail = async (owner: TSession) => {
    const [row] = await ctx.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, owner.userData.id));
    return row?.email ?? '-';
  };

  it('the vendor is e-mailed a link at their turn, proves the e-mail and signs; both signatures validate', async () => {
    const { owner, dewi, id, email } = await sentToVendor();
    // Not the vendor's turn yet: nothing sent to them.
    expect(mailsTo(email)).toHaveLength(0);
    const details = ZDocumentResponse.parse(
      (await callAs(ctx, owner, 'GET', `/api/v1/single-stamp/get-document-details/${id}`)).json(),
    ).data;
    expect(details.signers[1]).toMatchObject({
      user_id: null,
      fullName: 'Budi Santoso',
      party: { email, link: null },
    });

    const dewiSigned = await signInBox(ctx, dewi, id, 60);
    expect(dewiSigned.statusCode, dewiSigned.body).toBe(200);
    const token = await linkTo(email);
    const view = ZSignLinkViewResponse.parse(
      (await inject('GET', `/api/v1/sign-link/${token}`)).json(),
    ).data;
    expect(view).toMatchObject({
      file_name: 'kontrak-vendor.pdf',
      party_name: 'Budi Santoso',
      status: 'your-turn',
      verified: false,
    });
    expect(view.email_hint).toBe(`b***@vendor.test`);
    // Nothing of the document before the code.
    expect((await inject('GET', `/api/v1/sign-link/${token}/file`)).statusCode).toBe(401);
    expect(
      (
        await inject('POST', `/api/v1/sign-link/${token}/sign`, {
          payload: { typed: 'Budi Santoso' },
        })
      ).statusCode,
    ).toBe(401);

    const session = await sessionOf(token, email);
    const file = await inject('GET', `/api/v1/sign-link/${token}/file`, { session });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const signed = await inject('POST', `/api/v1/sign-link/${token}/sign`, {
      session,
      payload: { typed: 'Budi Santoso' },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ data: { status: 'completed' } });
    // Everyone signed: the owner is told, and the vendor may download the signed file.
    const ownerAddress = await ownerEmail(owner);
    await vi.waitFor(() => expect(mailsTo(ownerAddress).length).toBeGreaterThan(0), {
      timeout: 20_000,
      interval: 100,
    });
    const final = await inject('GET', `/api/v1/sign-link/${token}/file`, { session });
    const report = pdfsig(final.rawPayload);
    expect(report.match(/Signature is Valid/g)).toHaveLength(2);
    expect(report).toContain('Budi Santoso');
    // The certificate names the vendor and the e-mail they proved.
    expect(report).toContain(email);

    const events = ZDocumentTimelineResponse.parse(
      (await callAs(ctx, owner, 'GET', `/api/v1/single-stamp/document-history/${id}`)).json(),
    ).data.events;
    const vendorEvents = events.filter((e) => e.actor_kind === 'outside');
    expect(vendorEvents.map((e) => e.type)).toEqual(['code-verified', 'opened', 'signed']);
    expect(vendorEvents[0]).toMatchObject({
      actor_name: 'Budi Santoso',
      actor_email: email,
      user_agent: 'VendorBrowser/2.0',
    });
    // The completion certificate names the vendor with the e-mail their code proved.
    const cert = await callAs(
      ctx,
      owner,
      'GET',
      `/api/v1/single-stamp/completion-certificate/${id}`,
    );
    expect(cert.statusCode).toBe(200);
    const text = pdfText(cert.rawPayload);
    expect(text).toContain(`Budi Santoso, ${email} (outside the company, e-mail verified by code`);
    expect(text).toContain('E-mail code verified');
  });

  it('five wrong codes void the code; too many codes are refused', async () => {
    const { id: _id, email } = await sentToVendor('vendor-only');
    const token = await linkTo(email);
    const code = await codeFor(token, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i++) {
      const res = await verify(token, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: { code: i < 5 ? 'wrong' : 'void' } });
    }
    // The right code no longer opens anything once the code is void.
    const late = await verify(token, code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ errors: { code: 'void' } });
    // A new code works (four more sends this hour, then none).
    expect((await verify(token, await codeFor(token, email))).statusCode).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await inject('POST', `/api/v1/sign-link/${token}/send-code`)).statusCode).toBe(200);
    const sixth = await inject('POST', `/api/v1/sign-link/${token}/send-code`);
    expect(sixth.statusCode).toBe(429);
  });

  it('an expired or revoked link opens nothing; a fresh one works and the old one stays closed', async () => {
    const { owner, id, email } = await sentToVendor('vendor-only');
    const first = await linkTo(email);
    expect((await inject('GET', `/api/v1/sign-link/${first}`)).statusCode).toBe(200);
    const session = await sessionOf(first, email);

    const revoked = await callAs(ctx, owner, 'POST', '/api/v1/esign-only/revoke-link', {
      document_id: id,
      position: 1,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(ZDocumentResponse.parse(revoked.json()).data.signers[0]?.party?.link?.revoked).toBe(
      true,
    );
    expect((await inject('GET', `/api/v1/sign-link/${first}`)).statusCode).toBe(404);
    expect((await inject('GET', `/api/v1/sign-link/${first}/file`, { session })).statusCode).toBe(
      404,
    );

    const resent = await callAs(ctx, owner, 'POST', '/api/v1/esign-only/resend-link', {
      document_id: id,
      position: 1,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await linkTo(email, 1);
    expect(second).not.toBe(first);
    expect((await inject('GET', `/api/v1/sign-link/${second}`)).statusCode).toBe(200);
    expect((await inject('GET', `/api/v1/sign-link/${first}`)).statusCode).toBe(404);

    // Past its expiry the link is closed too.
    await ctx.database.db
      .update(signerLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signerLinks.documentId, id));
    expect((await inject('GET', `/api/v1/sign-link/${second}`)).statusCode).toBe(404);
  });

  it("opens only its own document: another link's session, a made-up token and the owner's routes stay shut", async () => {
    const a = await sentToVendor('vendor-only');
    const b = await sentToVendor('vendor-only');
    const tokenA = await linkTo(a.email);
    const tokenB = await linkTo(b.email);
    const sessionB = await sessionOf(tokenB, b.email);
    expect(
      (await inject('GET', `/api/v1/sign-link/${tokenA}/file`, { session: sessionB })).statusCode,
    ).toBe(401);
    expect(
      (
        await inject('GET', `/api/v1/single-stamp/get-document-details/${a.id}`, {
          session: sessionB,
        })
      ).statusCode,
    ).toBe(401);
    expect((await inject('GET', `/api/v1/sign-link/${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await inject('GET', '/api/v1/sign-link/short')).statusCode).toBe(400);
    // Someone else of the company cannot revoke the vendor's link.
    const stranger = await newDepartmentUser(ctx, 0);
    const foreign = await callAs(ctx, stranger.session, 'POST', '/api/v1/esign-only/revoke-link', {
      document_id: a.id,
      position: 1,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
