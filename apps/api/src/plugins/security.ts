import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Security headers for every response; CORS only for the origins listed in CORS_ORIGINS. */
export const registerSecurity = async (
  app: FastifyInstance,
  options: { corsOrigins?: string },
): Promise<void> => {
  // Built once: @fastify/helmet rebuilt helmet (parsing the CSP anew) on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, () => done());
  });
  const origins = options.corsOrigins
    ?.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (origins && origins.length > 0) {
    await app.register(cors, { origin: origins, credentials: false });
  }
};
