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
      maxAge: '1h',
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  } else {
    app.log.warn(
      { webDist },
      'web app not built: only the API is served (run npm start to build it)',
    );
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => pathname.startsWith(p) || `${pathname}/` === p);
    if (hasWeb && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      if (matchRoute(pathname)) {
        return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
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
