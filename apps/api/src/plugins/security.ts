import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Security headers for every response; CORS only for the origins listed in CORS_ORIGINS. */
export const registerSecurity = async (
  app: FastifyInstance,
  options: { corsOrigins?: string },
): Promise<void> => {
  await app.register(helmet, {
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
  const origins = options.corsOrigins
    ?.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (origins && origins.length > 0) {
    await app.register(cors, { origin: origins, credentials: false });
  }
};
