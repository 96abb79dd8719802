import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ZUploadDocumentResponse, ZVerifyResponse } from '@bubuh/contracts';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { expect } from 'vitest';
import { companies, departements, users } from '../src/db/schema.ts';
import {
  move,
  SYSTEM_ISSUED,
  type TAccountRef,
  type TQuotaKind,
} from '../src/modules/quota/ledger.ts';
import { bearer, callAs, createVerifiedUser, login } from './auth-helpers.ts';
import { type TTestContext, unique } from './helpers.ts';
import { multipartBody } from './multipart.ts';

export type TSession = { accessToken: string; userData: { id: number } };

/** Units bought into `to`'s wallet (a `purchase` from the outside world, in `to`'s company). */
export const purchase = (ctx: TTestContext, to: TAccountRef, kind: TQuotaKind, quantity: number) =>
  move(ctx.database.db, {
    kind,
    quantity,
    from: SYSTEM_ISSUED,
    to,
    reason: 'purchase',
    companyId: to.companyId,
  });

/** A signature box on page 1 at `x` (PDF points, 120 × 50). */
export const signatureBox = (x: number) => ({ page: 1, x, y: 200, width: 120, height: 50 });

/**
 * `owner` sets the signers of `documentId`: `[userId, x]` each, in signing order, each with a
 * `signatureBox(x)`; the raw answer.
 */
export const setSigners = (
  ctx: TTestContext,
  owner: TSession,
  documentId: number,
  signers: readonly (readonly [number, number])[],
) =>
  callAs(ctx, owner, 'POST', '/api/v1/esign-only/update-signer-data', {
    document_id: documentId,
    signers: signers.map(([userId, x]) => ({ user_id: userId, ...signatureBox(x) })),
  });

/** `who` signs `documentId` in the `signatureBox(x)` through `route`, identity confirmed. */
export const signAt = (
  ctx: TTestContext,
  who: TSession,
  documentId: number,
  x: number,
  route: 'signer-process' | 'embed-process' = 'signer-process',
) =>
  callAs(ctx, who, 'POST', `/api/v1/esign-only/${route}`, {
    document_id: documentId,
    ...signatureBox(x),
    identity_confirmed: true,
  });

const SIGNER_BOX = { page: 1, y: 150, width: 140, height: 56 };

/** A signer's box on page 1 at `x`, as update-signer-data takes it (140 × 56). */
export const signerBox = (userId: number, x: number) => ({ user_id: userId, x, ...SIGNER_BOX });

/** `who` signs `documentId` in their box at `x` (signer-process, identity confirmed). */
export const signInBox = (ctx: TTestContext, who: TSession, documentId: number, x: number) =>
  callAs(ctx, who, 'POST', '/api/v1/esign-only/signer-process', {
    document_id: documentId,
    x,
    ...SIGNER_BOX,
    identity_confirmed: true,
  });

/** An A4 PDF with a line of text on each page. */
export const makePdf = async (pages = 2) => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i += 1) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Surat Perjanjian — halaman ${i + 1}`, { x: 72, y: 760, size: 14, font });
  }
  return Buffer.from(await doc.save());
};

/** A PNG of one pen stroke on white, for a signature specimen. */
export const signaturePng = ({
  width = 240,
  height = 90,
  path = 'M10 70 C 60 5, 120 85, 230 20',
  stroke = '#0a1a5c',
  strokeWidth = 6,
} = {}) =>
  sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><path d="${path}" stroke="${stroke}" stroke-width="${strokeWidth}" fill="none"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();

/** A new company named `name` (make it unique): its id. */
export const insertCompany = async (ctx: TTestContext, name: string) => {
  const [company] = await ctx.database.db.insert(companies).values({ name }).returning();
  return company?.id ?? 0;
};

/** A new department `name` of the company `companyId`: its id. */
export const insertDepartement = async (ctx: TTestContext, companyId: number, name: string) => {
  const [dept] = await ctx.database.db.insert(departements).values({ companyId, name }).returning();
  return dept?.id ?? 0;
};

/** A company with one department holding `units` e-Meterai, and a user of that department. */
export const newDepartmentUser = async (ctx: TTestContext, units: number) => {
  const companyId = await insertCompany(ctx, `PT Stempel ${unique()}`);
  const ref: TAccountRef = {
    ownerType: 'departement',
    ownerId: await insertDepartement(ctx, companyId, 'Keuangan'),
    companyId,
  };
  if (units > 0) {
    await purchase(ctx, ref, 'emeterai', units);
  }
  return { session: await newDepartmentMember(ctx, ref.companyId, ref.ownerId), ref };
};

/** A new verified user (role `user`) of a company department, logged in. */
export const newDepartmentMember = async (
  ctx: TTestContext,
  companyId: number | null,
  departementId: number | null,
) => {
  const email = await createVerifiedUser(ctx);
  await ctx.database.db
    .update(users)
    // A valid KTP number: the first e-signature's certificate needs one.
    .set({ role: 'user', userType: 'company', companyId, departementId, nik: '3201011501900001' })
    .where(eq(users.email, email));
  return (await login(ctx, email)) as TSession;
};

export const uploadPdf = (
  ctx: TTestContext,
  session: TSession,
  content: Buffer,
  name = 'perjanjian.pdf',
  type = 'application/pdf',
) => {
  const form = multipartBody({}, { field: 'file', name, content, type });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/single-stamp/upload-document',
    headers: { ...bearer(session), ...form.headers },
    payload: form.payload,
  });
};

export const uploadedId = async (
  ctx: TTestContext,
  session: TSession,
  content: Buffer,
  name?: string,
) =>
  ZUploadDocumentResponse.parse((await uploadPdf(ctx, session, content, name)).json()).data
    .document_id;

/** GET a document's details (the raw answer) as `session`. */
export const getDocumentDetails = (ctx: TTestContext, session: TSession, documentId: number) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/single-stamp/get-document-details/${documentId}`,
    headers: bearer(session),
  });

/** The single-stamp request the tests send: an e-Meterai box on `page` of `documentId`. */
export const stampRequest = (documentId: number, page: number) => ({
  document_id: documentId,
  page,
  x: 400,
  y: 100,
  width: 75,
  height: 75,
  doc_type: '3',
  location: 'Jakarta',
});

export const stampDocument = (ctx: TTestContext, session: TSession, documentId: number, page = 2) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/single-stamp/stamp-single-process-company',
    headers: bearer(session),
    payload: stampRequest(documentId, page),
  });

/** Uploads a 2-page PDF as `session`, stamps it on page 2 and expects the stamp to succeed. */
export const stampNewDocument = async (ctx: TTestContext, session: TSession) => {
  const id = await uploadedId(ctx, session, await makePdf(2));
  const stamped = await stampDocument(ctx, session, id);
  expect(stamped.statusCode, stamped.body).toBe(200);
  return stamped;
};

/** pdfsig's report (it always exits 0: callers read the text). */
export const pdfsig = (bytes: Buffer) => {
  const file = path.join(os.tmpdir(), `bubuh-${unique()}.pdf`);
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync('pdfsig', [file], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file, { force: true });
  }
};

/** The public check (`POST /api/v1/services/verify`) of a PDF, parsed by its contract. */
export const verifyThroughApi = async (ctx: TTestContext, content: Buffer, name = 'check.pdf') => {
  const form = multipartBody({}, { field: 'file', name, content, type: 'application/pdf' });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/services/verify',
    headers: form.headers,
    payload: form.payload,
  });
  return ZVerifyResponse.parse(res.json()).data;
};
