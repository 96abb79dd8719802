import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ZLockerItemResponse, ZLockerListResponse, ZStorageUseResponse } from '@bubuh/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { companies, lockerPlanLimits, plans, subscriptions, users } from '../src/db/schema.ts';
import { bearer, callAs, createVerifiedUser, login, type TMethod } from './auth-helpers.ts';
import type { TSession } from './documents-helpers.ts';
import type { TTestContext } from './helpers.ts';
import { unique } from './helpers.ts';
import { multipartBody } from './multipart.ts';
import { zipOf } from './zip.ts';

export type TLockerCompany = { companyId: number; user: TSession; admin: TSession };

/** A company whose plan has the locker (`maxBytes`), with a user and a company admin. */
export const lockerCompany = async (
  ctx: TTestContext,
  options: { locker?: boolean; maxBytes?: number; expiresAt?: Date | null } = {},
): Promise<TLockerCompany> => {
  const db = ctx.database.db;
  const [company] = await db
    .insert(companies)
    .values({ name: `PT Arsip ${unique()}` })
    .returning();
  const [plan] = await db
    .insert(plans)
    .values({ name: `Locker ${unique()}`, isDigitalLocker: options.locker ?? true })
    .returning();
  const companyId = company?.id ?? 0;
  const planId = plan?.id ?? 0;
  if (options.maxBytes !== undefined) {
    await db.insert(lockerPlanLimits).values({ planId, maxBytes: options.maxBytes });
  }
  await db.insert(subscriptions).values({
    planId,
    companyId,
    expiresAt:
      options.expiresAt === undefined ? new Date(Date.now() + 86_400_000 * 30) : options.expiresAt,
  });
  const member = async (role: 'user' | 'admin-company') => {
    const email = await createVerifiedUser(ctx);
    await db
      .update(users)
      .set({ role, userType: 'company', companyId })
      .where(eq(users.email, email));
    return (await login(ctx, email)) as TSession;
  };
  return { companyId, user: await member('user'), admin: await member('admin-company') };
};

export const lockerCall = (
  ctx: TTestContext,
  session: TSession,
  method: TMethod,
  url: string,
  payload?: unknown,
) => callAs(ctx, session, method, url, payload);

/** A locker listing (the root by default, a folder, the trash, a search), answered and parsed. */
export const lockerListing = async (
  ctx: TTestContext,
  session: TSession,
  url = '/api/v1/file-manager',
) => {
  const res = await lockerCall(ctx, session, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return ZLockerListResponse.parse(res.json()).data;
};

/** Gives the company a plan with the digital locker (no expiry). */
export const grantLocker = async (ctx: TTestContext, companyId: number | null) => {
  const [plan] = await ctx.database.db
    .insert(plans)
    .values({ name: `Locker ${unique()}`, isDigitalLocker: true })
    .returning();
  await ctx.database.db.insert(subscriptions).values({ planId: plan?.id ?? 0, companyId });
};

export const createFolder = async (
  ctx: TTestContext,
  session: TSession,
  name: string,
  parentId: number | null = null,
  space: 'private' | 'shared' = 'private',
) => {
  const res = await lockerCall(ctx, session, 'POST', '/api/v1/file-manager', {
    name,
    parent_id: parentId,
    space,
  });
  return { res, item: res.statusCode === 201 ? ZLockerItemResponse.parse(res.json()).data : null };
};

export const uploadFile = async (
  ctx: TTestContext,
  session: TSession,
  file: { name: string; content: Buffer; type?: string },
  fields: { parent_id?: number; space?: 'private' | 'shared' } = {},
) => {
  const form = multipartBody(
    Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
    {
      field: 'file',
      name: file.name,
      content: file.content,
      type: file.type ?? 'application/octet-stream',
    },
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/file-manager/upload',
    headers: { ...bearer(session), ...form.headers },
    payload: form.payload,
  });
  return { res, item: res.statusCode === 201 ? ZLockerItemResponse.parse(res.json()).data : null };
};

export const storageUse = async (ctx: TTestContext, session: TSession) =>
  ZStorageUseResponse.parse(
    (await lockerCall(ctx, session, 'POST', '/api/digital-loker/storage-use')).json(),
  ).data;

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A minimal Word document (Office Open XML), built as Word lays it out. */
export const makeDocx = (): Promise<Buffer> =>
  zipOf([
    [
      '[Content_Types].xml',
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    ],
    [
      'word/document.xml',
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Halo</w:t></w:r></w:p></w:body></w:document>',
      ),
    ],
  ]);

/** The entries of a ZIP (as `unzip` lists them) and the text of each file entry. */
export const unzipEntries = (dir: string, zip: Buffer) => {
  const file = path.join(dir, `z-${unique()}.zip`);
  fs.writeFileSync(file, zip);
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  const read = (entry: string) => execFileSync('unzip', ['-p', file, entry]);
  return { names, read };
};
