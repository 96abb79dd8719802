import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurity } from '../src/plugins/security.ts';
import { registerWeb } from '../src/plugins/web.ts';

// A small fake build laid out as `vite build` + apps/web/precompress.ts write it.
const INDEX = `<!doctype html><title>Bubuh</title><div id="root"></div>${' '.repeat(600)}`;
const ASSET = `console.log(${JSON.stringify('x'.repeat(2000))});`;
const ASSET_URL = '/assets/index-AbC123.js';

const writeCompressed = (file: string, content: string): void => {
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
};

/**
 * Call in a describe: the fake build in a temp folder (with a favicon), served by a fresh app
 * with `before` registered ahead of the web plugin; returns a getter of that app.
 */
const serveFakeBuild = (before?: (app: FastifyInstance) => Promise<void>) => {
  let app: FastifyInstance | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bubuh-web-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, 'assets'));
    writeCompressed(path.join(dir, 'index.html'), INDEX);
    writeCompressed(path.join(dir, ASSET_URL), ASSET);
    fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
    app = Fastify();
    await before?.(app);
    await registerWeb(app, dir);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!app) throw new Error('the app starts in beforeAll');
    return app;
  };
};

describe('web delivery: precompressed files and cache headers', () => {
  const served = serveFakeBuild();

  it('sends the brotli file of a hashed asset, immutable for a year', async () => {
    const res = await served().inject({
      url: ASSET_URL,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET);
    expect(res.rawPayload.length).toBeLessThan(ASSET.length / 10);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await served().inject({ url: ASSET_URL, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(ASSET);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await served().inject({
      url: ASSET_URL,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves index.html and every SPA route compressed with no-cache', async () => {
    for (const url of ['/index.html', '/login', '/dashboard']) {
      const res = await served().inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
    }
    const plain = await served().inject({ url: '/login' });
    expect(plain.body).toBe(INDEX);
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('answers an unknown page with the SPA 404, not cached', async () => {
    const res = await served().inject({
      url: '/no-such-page',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(INDEX);
  });

  it('serves small public files uncompressed, cached for an hour', async () => {
    const res = await served().inject({
      url: '/favicon.svg',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('<svg/>');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('web delivery: security headers on documents, lean hashed assets', () => {
  const served = serveFakeBuild((app) => registerSecurity(app, {}));

  it('keeps the document policies on pages and drops them from scripts', async () => {
    const page = await served().inject({ url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['strict-transport-security']).toBeDefined();
    const asset = await served().inject({ url: ASSET_URL, headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(zlib.brotliDecompressSync(asset.rawPayload).toString()).toBe(ASSET);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'etag', 'last-modified'])
      expect(asset.headers[name], name).toBeUndefined();
  });
});
