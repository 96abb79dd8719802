import { ZSignerIdentityResponse } from '@bubuh/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { callAs, type TMethod } from './auth-helpers.ts';
import {
  getDocumentDetails,
  makePdf,
  newDepartmentUser,
  purchase,
  type TSession,
  uploadedId,
} from './documents-helpers.ts';
import { RELAXED_LIMITS, type TTestContext, testContextPerFile } from './helpers.ts';

let ctx: TTestContext;
testContextPerFile({ env: { LOG_LEVEL: 'error', ...RELAXED_LIMITS } }, (built) => {
  ctx = built;
});

const call = (session: TSession, method: TMethod, url: string, payload?: unknown) =>
  callAs(ctx, session, method, url, payload);

describe('identity for the signing certificate', () => {
  it('is entered and corrected (NIK validated as at registration) until the certificate is issued', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 0);
    await purchase(ctx, ref, 'esign', 1);
    // Registered without a KTP number (the helper gives one; this user has none).
    await ctx.database.db.update(users).set({ nik: null }).where(eq(users.id, session.userData.id));
    const before = ZSignerIdentityResponse.parse(
      (await call(session, 'GET', '/api/v1/esign/identity')).json(),
    ).data;
    expect(before).toMatchObject({ nik: null, certificate_issued: false });

    const bad = await call(session, 'PUT', '/api/v1/esign/identity', {
      fullName: 'Dewi Lestari',
      nik: '1234',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain('NIK must be 16 digits');

    // Without a NIK no certificate is issued: a clear 422, nothing spent, the document unsigned.
    const early = await uploadedId(ctx, session, await makePdf(1));
    const noNik = await call(session, 'POST', '/api/v1/esign-only/signer-process', {
      document_id: early,
      page: 1,
      x: 60,
      y: 150,
      width: 140,
      height: 56,
      identity_confirmed: true,
    });
    expect(noNik.statusCode).toBe(422);
    expect(noNik.json()).toMatchObject({
      message:
        'Enter your NIK (16 digits, as on your KTP) and full legal name before your first e-signature',
      errors: { reason: 'IDENTITY_INCOMPLETE', nik: null },
    });
    const untouched = ZSignerIdentityResponse.parse(
      (await call(session, 'GET', '/api/v1/esign/identity')).json(),
    ).data;
    expect(untouched.certificate_issued).toBe(false);
    const details = await getDocumentDetails(ctx, session, early);
    expect(details.json().data).toMatchObject({ signing_status: 'draft' });

    const saved = await call(session, 'PUT', '/api/v1/esign/identity', {
      fullName: 'Dewi Lestari',
      nik: '3201.0115.0190.0001',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ZSignerIdentityResponse.parse(saved.json()).data).toEqual({
      fullName: 'Dewi Lestari',
      nik: '3201011501900001',
      certificate_issued: false,
    });

    // The first signature shows what the certificate will carry, then issues it.
    const id = await uploadedId(ctx, session, await makePdf(1));
    const box = { document_id: id, page: 1, x: 60, y: 150, width: 140, height: 56 };
    const ask = await call(session, 'POST', '/api/v1/esign-only/signer-process', box);
    expect(ask.statusCode).toBe(409);
    expect(ask.json().errors).toMatchObject({
      reason: 'IDENTITY_REQUIRED',
      fullName: 'Dewi Lestari',
      nik: '3201011501900001',
    });
    const signed = await call(session, 'POST', '/api/v1/esign-only/signer-process', {
      ...box,
      identity_confirmed: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);

    const late = await call(session, 'PUT', '/api/v1/esign/identity', {
      fullName: 'Someone Else',
      nik: '3201011501900001',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'Your signing certificate is issued: its name and NIK can no longer change',
    );
    const after = ZSignerIdentityResponse.parse(
      (await call(session, 'GET', '/api/v1/esign/identity')).json(),
    ).data;
    expect(after).toEqual({
      fullName: 'Dewi Lestari',
      nik: '3201011501900001',
      certificate_issued: true,
    });
  });
});
