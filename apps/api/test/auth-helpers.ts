import type { TSession } from '@bubuh/contracts';
import { desc, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox, users } from '../src/db/schema.ts';
import { seedDemo } from '../src/demo/seed.ts';
import type { TTestContext } from './helpers.ts';
import { unique } from './helpers.ts';

export const PASSWORD = 'Rahasia#2026';

/** The newest mail sent to `to`, from the database outbox. */
export const lastMailTo = async (ctx: TTestContext, to: string) => {
  const [mail] = await ctx.database.db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = ${to.toLowerCase()}`)
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
};

export const otpFromMail = (text: string): string => {
  const match = text.match(/\b(\d{6})\b/);
  if (!match?.[1]) throw new Error(`no OTP in mail: ${text}`);
  return match[1];
};

/** Registers a personal account (`overrides` replace fields of the form); returns its e-mail. */
export const registerPersonal = async (
  ctx: TTestContext,
  overrides: { name?: string; email?: string } = {},
) => {
  const payload = {
    name: 'Sari Test',
    email: `user-${unique()}@example.com`,
    phoneNumber: '081234567890',
    password: PASSWORD,
    type: 'personal',
    ...overrides,
  };
  const res = await ctx.app.inject({ method: 'POST', url: '/api/register', payload });
  expect(res.statusCode, res.body).toBe(201);
  return payload.email;
};

/** Registers and verifies a personal account; returns its e-mail. */
export const createVerifiedUser = async (ctx: TTestContext) => {
  const email = await registerPersonal(ctx);
  const mail = await lastMailTo(ctx, email);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/otp/verify',
    payload: { email, otp: otpFromMail(mail?.text ?? '') },
  });
  expect(res.statusCode, res.body).toBe(200);
  return email;
};

export const login = async (
  ctx: TTestContext,
  email: string,
  password = PASSWORD,
): Promise<TSession> => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: TSession }).data;
};

export const bearer = (session: { accessToken: string }) => ({
  authorization: `Bearer ${session.accessToken}`,
});

export type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request signed in as `session`, with a JSON body when `payload` is given. */
export const callAs = (
  ctx: TTestContext,
  session: { accessToken: string },
  method: TMethod,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...bearer(session), ...headers },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

/**
 * `call(who, method, url, payload?, headers?)`: `callAs` for the session signed in as `who` in
 * `sessions` (filled in `beforeAll`; the context is read when the call is made).
 */
export const callerFor =
  (context: () => TTestContext, sessions: Record<string, { accessToken: string }>) =>
  (
    who: string,
    method: TMethod,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ) =>
    callAs(context(), sessions[who] ?? { accessToken: '' }, method, url, payload, headers);

export const userIdOf = async (ctx: TTestContext, email: string) => {
  const [row] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};

/** The password of every user of the demo seed in the tests. */
export const DEMO_PASSWORD = 'Demo#2026!';

export type TDemoUser = 'admin' | 'company' | 'personal' | 'super' | 'user';

/** A session of the demo seed's `<who>@demo.local`. */
export const loginDemo = (ctx: TTestContext, who: TDemoUser) =>
  login(ctx, `${who}@demo.local`, DEMO_PASSWORD);

/** Seeds the demo data into `ctx`'s database and logs each demo user in `who` in. */
export const seedDemoSessions = async <K extends TDemoUser>(
  ctx: TTestContext,
  who: readonly K[],
): Promise<Record<K, TSession>> => {
  await seedDemo(ctx.database.db, { password: DEMO_PASSWORD });
  const sessions: Partial<Record<K, TSession>> = {};
  for (const name of who) sessions[name] = await loginDemo(ctx, name);
  return sessions as Record<K, TSession>;
};
