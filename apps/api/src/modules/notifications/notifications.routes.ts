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
  endpointRoute(app, E.unread, async ({ auth, reply }) => {
    reply.header('cache-control', 'no-store');
    return notifications.unread(auth);
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
