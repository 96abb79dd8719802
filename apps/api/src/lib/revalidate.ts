import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Revalidated reads: marks the answer `private, no-cache` with `etag`, and is true when the
 * browser's copy (`If-None-Match`) is still current, so the route answers 304 without running
 * its read. Used by the notification and document reads.
 */
export const stillCurrent = (request: FastifyRequest, reply: FastifyReply, etag: string) => {
  reply.header('cache-control', 'private, no-cache').header('etag', etag);
  const given = request.headers['if-none-match'];
  return typeof given === 'string' && given.split(',').some((tag) => tag.trim() === etag);
};
