import {
  DOCUMENT_ENDPOINTS,
  ZApiError,
  ZConnectionCheckResponse,
  ZHealthResponse,
} from '@bubuh/contracts';
import { describe, expect, it } from 'vitest';
import type { TMeteraiProvider } from '../src/providers/meterai/meterai-provider.ts';
import { type TTestContext, testContextPerFile, withTestContext } from './helpers.ts';

describe('foundation HTTP behaviour', () => {
  let ctx: TTestContext;
  testContextPerFile(
    {
      env: { BODY_LIMIT_BYTES: '2048' },
      web: {
        'index.html': '<!doctype html><title>Bubuh</title><div id="root"></div>',
        'favicon.svg': '<svg/>',
      },
    },
    (built) => {
      ctx = built;
    },
  );

  it('reports database and storage status on /api/health', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = ZHealthResponse.parse(res.json());
    expect(body.data.status).toBe('ok');
    expect(body.data.database).toMatchObject({ status: 'ok', driver: ctx.database.driver });
    expect(body.data.storage).toMatchObject({
      status: 'ok',
      driver: process.env.S3_TEST === '1' ? 's3' : 'local',
    });
  });

  it('answers malformed JSON with 400 and the error envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops":',
    });
    expect(res.statusCode).toBe(400);
    expect(ZApiError.parse(res.json()).errors.status).toBe('BAD_REQUEST');
  });

  it('answers an oversized body with 413 and the error envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ blob: 'x'.repeat(10_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: 'Request body is too large',
      errors: { status: 'PAYLOAD_TOO_LARGE', body: 'too large' },
    });
  });

  it('answers unknown API routes with 404 JSON, never the web app', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(ZApiError.parse(res.json()).errors.status).toBe('NOT_FOUND');
  });

  it('keeps serving after bad requests', async () => {
    for (let i = 0; i < 5; i += 1) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/health',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      });
    }
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });

  it('serves index.html for every SPA route and a 404 page for unknown pages', async () => {
    for (const url of [
      '/',
      '/login',
      '/dashboard',
      '/stamp/single/draft/42',
      '/account/7',
      '/services/stamp',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body).toContain('<title>Bubuh</title>');
    }
    const missing = await ctx.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
    const asset = await ctx.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('<svg/>');
  });

  it('sends security headers and a request id, and has CORS off by default', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'x-request-id': 'trace-123' },
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-request-id']).toBe('trace-123');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes OpenAPI generated from the zod schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/v1/single-stamp/check']),
    );
    // The single-stamp calls the spec lists as registered, each with its summary.
    const paths = doc.paths as Record<string, Record<string, { summary?: string }>>;
    for (const entry of [
      DOCUMENT_ENDPOINTS.updateEmet,
      DOCUMENT_ENDPOINTS.stampProcess,
      DOCUMENT_ENDPOINTS.oneStampProcess,
      DOCUMENT_ENDPOINTS.embedEsign,
    ]) {
      expect(paths[entry.path]?.post?.summary, entry.path).toBe(entry.summary);
    }
    expect(paths['/api/v1/stamp/one-stamp-process']?.post?.summary).toContain('one call');
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});

describe('GET /api/v1/single-stamp/check', () => {
  const providerTaking =
    (ms: number, fail = false) =>
    (local: TMeteraiProvider): TMeteraiProvider => ({
      ...local,
      checkConnection: async () => {
        await new Promise((r) => setTimeout(r, ms));
        if (fail) throw new Error('down');
        return { responseTimeMs: ms };
      },
    });

  const check = (provider: (local: TMeteraiProvider) => TMeteraiProvider) =>
    withTestContext({ meterai: provider }, async (ctx) => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/single-stamp/check' });
      expect(res.statusCode).toBe(200);
      return ZConnectionCheckResponse.parse(res.json()).data;
    });

  it('reports a fast provider as 1 (All Good)', async () => {
    expect((await check(providerTaking(5))).value).toBe(1);
  });

  it('reports a slow provider by its response time in tenths of a second', async () => {
    expect((await check(providerTaking(720))).value).toBe(8);
  });

  it('reports a failing provider as 15', async () => {
    expect((await check(providerTaking(1, true))).value).toBe(15);
  });

  it('probes the provider once for many callers polling at the same time', async () => {
    let probes = 0;
    await withTestContext(
      {
        meterai: (local) => ({
          ...local,
          checkConnection: async () => {
            probes += 1;
            await new Promise((r) => setTimeout(r, 50));
            return { responseTimeMs: 50 };
          },
        }),
      },
      async (ctx) => {
        const answers = await Promise.all(
          Array.from({ length: 20 }, () =>
            ctx.app.inject({ method: 'GET', url: '/api/v1/single-stamp/check' }),
          ),
        );
        expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
        expect(answers.map((a) => ZConnectionCheckResponse.parse(a.json()).data.value)).toEqual(
          Array(20).fill(1),
        );
        expect(probes).toBe(1);
      },
    );
  });
});
