import { NOTIFICATION_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { stillCurrent } from '../../lib/revalidate.ts';
import type { createNotificationsService } from './notifications.service.ts';

export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: ReturnType<typeof createNotificationsService>;
}> = async (app, { notifications }) => {
  // Both reads are revalidated: `no-cache` + ETag lets the browser (the bell's poll, the list
  // page) ask with If-None-Match, and this answers 304 (no body) while nothing changed.
  endpointRoute(app, E.list, async ({ auth, request, reply }) => {
    const etag = await notifications.etag(auth);
    if (stillCurrent(request, reply, etag)) return reply.code(304).send();
    return notifications.list(auth);
  });
  endpointRoute(app, E.unread, async ({ auth, request, reply }) => {
    const { body, etag } = await notifications.unread(auth);
    if (stillCurrent(request, reply, etag)) return reply.code(304).send();
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
