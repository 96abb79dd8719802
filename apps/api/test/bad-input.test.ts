/**
 * Issue 11 (4, 5): every route of the route table, sent the classes of bad input (NUL bytes in
 * every text parameter and body field, ids and numbers above int4, impossible dates, multipart
 * without a boundary or cut short, wrong content types), answers a 4xx with the error envelope,
 * as each demo role, and the server stays healthy. The route table is the OpenAPI document the
 * app serves, so a new route is walked without touching this file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/demo/seed.ts';
import { bearer, login } from './auth-helpers.ts';
import { createTestContext, type TTestContext } from './helpers.ts';

type TParam = { name: string; in: 'path' | 'query'; schema?: { type?: string; format?: string } };
type TOperation = {
  parameters?: TParam[];
  requestBody?: {
    content?: Record<string, { schema?: { properties?: Record<string, { type?: string }> } }>;
  };
};
type TRoute = { method: string; path: string; operation: TOperation };
type TSent = { method: string; url: string; headers?: Record<string, string>; payload?: string };

const ROLES = ['admin', 'company', 'payu', 'user', 'personal', 'super'] as const;
const BIG = '2147483648';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

let ctx: TTestContext;
let routes: TRoute[] = [];
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext({
    env: { RATE_LIMIT_LOGIN_PER_MINUTE: '1000', UPLOAD_IDLE_TIMEOUT_MS: '2000' },
  });
  await seedDemo(ctx.database.db, { password: 'Demo#2026!' });
  for (const who of ROLES) {
    tokens[who] = (await login(ctx, `${who}@demo.local`, 'Demo#2026!')).accessToken;
  }
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, TOperation>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

const paramsOf = (route: TRoute, where: 'path' | 'query') =>
  (route.operation.parameters ?? []).filter((p) => p.in === where);
const pathWith = (route: TRoute, value: string) =>
  route.path.replace(/\{([^}]+)\}/g, () => encodeURIComponent(value));
const goodPath = (route: TRoute) => pathWith(route, '1');
const jsonBody = (route: TRoute) => route.operation.requestBody?.content?.['application/json'];
const isUpload = (route: TRoute) =>
  route.operation.requestBody?.content?.['multipart/form-data'] !== undefined ||
  /upload|avatar|verify|\/esign$|one-stamp-process/.test(route.path);
const hasBody = (route: TRoute) => route.method !== 'GET' && route.method !== 'DELETE';

/** The bad requests for one route. */
const badRequests = (route: TRoute): [string, TSent][] => {
  const { method } = route;
  const sent: [string, TSent][] = [];
  const query = paramsOf(route, 'query');
  // NUL bytes: an extra parameter, every declared text parameter, every body field.
  sent.push(['NUL query', { method, url: `${goodPath(route)}?x=a%00b` }]);
  for (const p of query) {
    sent.push([`NUL ${p.name}`, { method, url: `${goodPath(route)}?${p.name}=a%00b` }]);
  }
  if (paramsOf(route, 'path').length > 0) {
    sent.push(['id above int4', { method, url: pathWith(route, BIG) }]);
    sent.push(['huge id', { method, url: pathWith(route, '1e30') }]);
    sent.push(['NUL id', { method, url: pathWith(route, '1\u0000') }]);
  }
  for (const p of query) {
    const type = p.schema?.type;
    if (type === 'number' || type === 'integer') {
      sent.push([`${p.name} above int4`, { method, url: `${goodPath(route)}?${p.name}=${BIG}` }]);
      sent.push([`${p.name} 1e30`, { method, url: `${goodPath(route)}?${p.name}=1e30` }]);
    }
    if (p.schema?.format === 'date' || /^(from|to)$/.test(p.name)) {
      sent.push([
        `${p.name} impossible`,
        { method, url: `${goodPath(route)}?${p.name}=2026-13-45` },
      ]);
      sent.push([`${p.name} Feb 30`, { method, url: `${goodPath(route)}?${p.name}=2026-02-30` }]);
    }
  }
  const json = jsonBody(route);
  if (json && hasBody(route)) {
    const props = Object.keys(json.schema?.properties ?? {});
    const body = Object.fromEntries(props.map((k) => [k, 'a\u0000b']));
    const headers = { 'content-type': 'application/json' };
    sent.push([
      'NUL body',
      { method, url: goodPath(route), headers, payload: JSON.stringify(body) },
    ]);
    const numeric = Object.entries(json.schema?.properties ?? {})
      .filter(([, schema]) => schema.type === 'integer' || schema.type === 'number')
      .map(([k]) => k);
    for (const k of numeric) {
      const payload = JSON.stringify({ [k]: Number(BIG) });
      sent.push([`${k} above int4`, { method, url: goodPath(route), headers, payload }]);
    }
    sent.push([
      'text/plain',
      { method, url: goodPath(route), headers: { 'content-type': 'text/plain' }, payload: 'x' },
    ]);
    sent.push(['bad JSON', { method, url: goodPath(route), headers, payload: '{"a":' }]);
  }
  if (hasBody(route) && (json || isUpload(route))) {
    const boundary = 'x-bubuh';
    const cut = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7 cut`;
    const multipart = (type: string, payload: string): TSent => ({
      method,
      url: goodPath(route),
      headers: { 'content-type': type },
      payload,
    });
    sent.push(['multipart without boundary', multipart('multipart/form-data', cut)]);
    sent.push(['truncated multipart', multipart(`multipart/form-data; boundary=${boundary}`, cut)]);
    sent.push([
      'multipart, no file',
      multipart(
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\na\u0000b\r\n--${boundary}--\r\n`,
      ),
    ]);
  }
  if (isUpload(route) && hasBody(route)) {
    const headers = { 'content-type': 'application/json' };
    sent.push(['JSON to an upload', { method, url: goodPath(route), headers, payload: '{}' }]);
  }
  return sent;
};

const expectEnvelope = (what: string, status: number, body: string) => {
  expect(status, `${what} → ${status} ${body}`).toBeGreaterThanOrEqual(400);
  expect(status, `${what} → ${status} ${body}`).toBeLessThan(500);
  const json = JSON.parse(body) as { message?: unknown; errors?: Record<string, unknown> };
  expect(typeof json.message, `${what}: ${body}`).toBe('string');
  expect(typeof json.errors?.status, `${what}: ${body}`).toBe('string');
  if (status === 400) {
    // A 400 names the field it is about.
    expect(Object.keys(json.errors ?? {}).length, `${what}: ${body}`).toBeGreaterThan(1);
  }
};

describe('every route refuses bad input with a 4xx and the envelope', () => {
  it('walks a route table of real size', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  for (const who of ['anonymous', ...ROLES] as const) {
    it(`as ${who}`, async () => {
      let count = 0;
      for (const route of routes) {
        for (const [what, request] of badRequests(route)) {
          const auth = who === 'anonymous' ? {} : bearer({ accessToken: tokens[who] ?? '' });
          const res = await ctx.app.inject({
            ...request,
            method: request.method as 'GET',
            headers: { ...auth, ...request.headers },
          });
          expectEnvelope(
            `${who} ${route.method} ${route.path} [${what}] ${request.url}`,
            res.statusCode,
            res.body,
          );
          count += 1;
        }
      }
      expect(count).toBeGreaterThan(routes.length);
      const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    }, 300_000);
  }

  it('names the field, in the language asked for', async () => {
    const admin = bearer({ accessToken: tokens.admin ?? '' });
    const cases: [TSent, number, string][] = [
      [{ method: 'GET', url: `/api/v1/users/${BIG}` }, 400, 'id'],
      [
        { method: 'GET', url: '/api/v1/single-stamp/get-document-user?from=2026-13-45' },
        400,
        'from',
      ],
      [{ method: 'GET', url: '/api/v1/departement?search=a%00b' }, 400, 'search'],
      [
        {
          method: 'POST',
          url: '/api/v1/departement',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ name: 'Fin\u0000ance' }),
        },
        400,
        'name',
      ],
      [
        {
          method: 'POST',
          url: '/api/v1/single-stamp/upload-document',
          headers: { 'content-type': 'multipart/form-data' },
          payload: 'x',
        },
        400,
        'file',
      ],
    ];
    for (const [request, status, field] of cases) {
      const res = await ctx.app.inject({
        ...request,
        method: request.method as 'GET',
        headers: { ...admin, 'accept-language': 'id', ...request.headers },
      });
      expect(res.statusCode, `${request.url}: ${res.body}`).toBe(status);
      const json = res.json() as { message: string; errors: Record<string, string> };
      expect(json.errors[field], `${request.url}: ${res.body}`).toBeTruthy();
    }
    const nul = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/departement?search=a%00b',
      headers: { ...admin, 'accept-language': 'id' },
    });
    expect(nul.json().message).toBe('search: tidak boleh berisi karakter NUL');
  });

  it('the sessions still work afterwards', async () => {
    for (const who of ROLES) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/single-stamp/doc-types',
        headers: bearer({ accessToken: tokens[who] ?? '' }),
      });
      expect(res.statusCode, `${who}: ${res.body}`).toBeLessThan(400);
    }
  });
});
