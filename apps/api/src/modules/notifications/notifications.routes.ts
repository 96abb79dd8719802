import { NOTIFICATION_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import type { createNotificationsService } from './notifications.service.ts';

export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: ReturnType<typeof createNotificationsService>;
}> = async (app, { notifications }) => {
  endpointRoute(app, E.list, async ({ auth, reply }) => {
    reply.header('cache-control', 'no-store');
    return notifications.list(auth);
  });
  // Polled by the bell: `no-cache` + ETag lets the browser revalidate with If-None-Match and
  // this answers 304 (no body) while nothing changed.
  endpointRoute(app, E.unread, async ({ auth, request, reply }) => {
    const { body, etag } = await notifications.unread(auth);
    reply.header('cache-control', 'private, no-cache').header('etag', etag);
    const given = request.headers['if-none-match'];
    if (typeof given === 'string' && given.split(',').some((tag) => tag.trim() === etag)) {
      return reply.code(304).send();
    }
    return body;
  });
  endpointRoute(app, E.read, async ({ auth, params }) => {
    await notifications.markRead(auth, params.id);
    return { message: 'OK' };
  });
  endpointRoute(app, E.readAll, async ({ auth }) => {
    await notifications.markAllRead(auth);
    return { message: 'OK' };
  });
};
