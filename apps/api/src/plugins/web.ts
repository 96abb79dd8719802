import fs from 'node:fs';
import path from 'node:path';
import { matchRoute, type TApiError } from '@bubuh/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const API_PREFIXES = ['/api/', '/files/', '/UNSIGNED/', '/dev/'];

const notFoundBody = (request: FastifyRequest): TApiError => ({
  message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
  errors: { status: 'NOT_FOUND' },
});

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Hashed build assets never change under their name; index.html (and the SPA fallback, which is
 * index.html) must be revalidated so a new release is picked up; other public files (favicon)
 * may be reused for an hour.
 */
const cacheControlFor = (file: string): string => {
  if (file.includes(`${path.sep}assets${path.sep}`)) return IMMUTABLE;
  if (/\.html(?:\.br|\.gz)?$/.test(file)) return 'no-cache';
  return 'public, max-age=3600';
};

/**
 * Headers that only mean something on a document (or on a worker script, which keeps them):
 * dropped from the hashed scripts and stylesheets under /assets/, where a first load would
 * fetch them once per asset (`npm run bench:web` counts the bytes, see docs/performance.md).
 * `nosniff`, CORP, the referrer policy, caching and encoding headers stay; `etag`/`last-modified`
 * are useless on files that are `immutable` for a year.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'etag',
  'last-modified',
];
const LEAN_ASSET = /^\/assets\/[^?]+\.(?:js|css)(?:\?|$)/;

/**
 * Serves the built web app and its SPA fallback: index.html for every route of spec §2, the
 * JSON 404 envelope for everything else (API paths always get JSON).
 */
export const registerWeb = async (app: FastifyInstance, webDist: string): Promise<void> => {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside every text file (apps/web/precompress.ts); the
      // best one the client accepts is sent with its Content-Encoding.
      preCompressed: true,
      // `send` would overwrite the headers set below; they are all set in setHeaders instead.
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('vary', 'accept-encoding');
        res.setHeader('cache-control', cacheControlFor(file));
      },
    });
  } else {
    app.log.warn(
      { webDist },
      'web app not built: only the API is served (run npm start to build it)',
    );
  }

  app.addHook('onSend', async (request, reply) => {
    if (!LEAN_ASSET.test(request.url) || reply.statusCode !== 200) return;
    for (const name of DOCUMENT_ONLY_HEADERS) {
      reply.removeHeader(name);
      reply.raw.removeHeader(name);
    }
  });

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => pathname.startsWith(p) || `${pathname}/` === p);
    if (hasWeb && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      if (matchRoute(pathname)) {
        return reply.type('text/html').sendFile('index.html');
      }
      // Real static files (assets, favicon…) are tried before falling back to a 404.
      const candidate = path.join(webDist, path.normalize(pathname));
      if (
        candidate.startsWith(webDist) &&
        fs.existsSync(candidate) &&
        fs.statSync(candidate).isFile()
      ) {
        return reply.sendFile(path.relative(webDist, candidate));
      }
      // Unknown page: let the SPA render its own 404 screen with the proper status.
      return reply.status(404).type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(notFoundBody(request));
  });
};
