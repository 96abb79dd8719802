import type { FastifyRequest } from 'fastify';

/** Where a request came from, as the audit trail keeps it. */
export type TClient = { ip: string; userAgent: string | null };

/** The caller's address (`request.ip`, which honours TRUST_PROXY) and user agent. */
export const clientOf = (request: FastifyRequest): TClient => {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 300) : null };
};
