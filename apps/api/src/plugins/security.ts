import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

type TMiddleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/** The headers `middleware` sets on a response (it must set the same ones on every response). */
const staticHeadersOf = (middleware: TMiddleware): Record<string, string> => {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  middleware({} as IncomingMessage, res as unknown as ServerResponse, (error) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('the security headers middleware did not finish synchronously');
  return headers;
};

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
  // Helmet's headers are the same for every response: taken once from its middleware and set
  // with one call per request (its twelve middlewares would run for every request).
  const headers = staticHeadersOf(securityHeaders);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  const origins = options.corsOrigins
    ?.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (origins && origins.length > 0) {
    await app.register(cors, { origin: origins, credentials: false });
  }
};
