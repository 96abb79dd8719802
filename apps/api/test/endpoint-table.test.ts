import {
  ALL_ENDPOINTS,
  AUTH_ENDPOINTS,
  DOCUMENT_ENDPOINTS,
  endpointPath,
  SYSTEM_ENDPOINTS,
  USER_ENDPOINTS,
} from '@bubuh/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, createVerifiedUser, login } from './auth-helpers.ts';
import { type TTestContext, testContextPerFile } from './helpers.ts';

type TOpenApi = { paths: Record<string, Record<string, unknown>> };

/** The endpoint table of contracts and the routes the API serves describe the same calls. */
describe('endpoint table', () => {
  let ctx: TTestContext;
  testContextPerFile({}, (built) => {
    ctx = built;
  });

  it('has a registered route for every entry', () => {
    const missing = ALL_ENDPOINTS.filter(
      (entry) => !ctx.app.hasRoute({ method: entry.method, url: entry.path }),
    ).map((entry) => `${entry.method} ${entry.path}`);
    expect(missing).toEqual([]);
  });

  it('has an entry for every documented route', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const spec: TOpenApi = res.json();
    const known = new Set(ALL_ENDPOINTS.map((e) => `${e.method} ${e.path}`));
    const served = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map(
        (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      ),
    );
    expect(served.length).toBeGreaterThan(50);
    expect(served.filter((call) => !known.has(call))).toEqual([]);
  });

  it('keeps the per-route rate limits of the routes registered from the table', async () => {
    const session = await login(ctx, await createVerifiedUser(ctx));
    const { env } = ctx;
    const limits = [
      [AUTH_ENDPOINTS.register, env.RATE_LIMIT_OTP_PER_MINUTE],
      [AUTH_ENDPOINTS.verifyOtp, env.RATE_LIMIT_OTP_PER_MINUTE],
      [AUTH_ENDPOINTS.resendOtp, env.RATE_LIMIT_OTP_PER_MINUTE],
      [AUTH_ENDPOINTS.login, env.RATE_LIMIT_LOGIN_PER_MINUTE],
      [AUTH_ENDPOINTS.loginOtp, env.RATE_LIMIT_OTP_PER_MINUTE],
      [AUTH_ENDPOINTS.refresh, env.RATE_LIMIT_LOGIN_PER_MINUTE * 6],
      [AUTH_ENDPOINTS.logout, undefined],
      [AUTH_ENDPOINTS.forgotPassword, env.RATE_LIMIT_RESET_PER_MINUTE],
      [AUTH_ENDPOINTS.resetPassword, env.RATE_LIMIT_RESET_PER_MINUTE],
      [USER_ENDPOINTS.changePassword, 10],
      [DOCUMENT_ENDPOINTS.stampCompany, 120],
      [DOCUMENT_ENDPOINTS.stampPersonal, 120],
      [DOCUMENT_ENDPOINTS.stampProcess, 120],
      [DOCUMENT_ENDPOINTS.oneStampProcess, 120],
      [DOCUMENT_ENDPOINTS.signerProcess, 120],
      [DOCUMENT_ENDPOINTS.embedProcess, 120],
      [DOCUMENT_ENDPOINTS.saveDraft, undefined],
      [DOCUMENT_ENDPOINTS.updateEmet, undefined],
      [DOCUMENT_ENDPOINTS.embedEsign, undefined],
      [SYSTEM_ENDPOINTS.verify, 30],
    ] as const;
    for (const [entry, max] of limits) {
      const res = await ctx.app.inject({
        method: entry.method,
        url: endpointPath(entry, {
          id: entry === USER_ENDPOINTS.changePassword ? 1 : 'x'.repeat(20),
        }),
        headers: entry.access === 'public' ? {} : bearer(session),
        payload: {},
      });
      expect(res.headers['x-ratelimit-limit'], entry.path).toBe(
        max === undefined ? undefined : String(max),
      );
    }
  });
});
