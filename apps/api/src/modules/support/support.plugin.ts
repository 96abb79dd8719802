import type { FastifyInstance } from 'fastify';
import type { TDb } from '../../db/client.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import type { TMailer } from '../mail/index.ts';
import {
  createNotificationsService,
  notificationsRoutes,
  type TNotifier,
} from '../notifications/index.ts';
import { articlesRoutes } from './articles.routes.ts';
import { createArticlesService } from './articles.service.ts';
import { createTicketEvents } from './ticket-mail.ts';
import { ticketsRoutes } from './tickets.routes.ts';
import { createTicketsService } from './tickets.service.ts';

/**
 * Support (tickets, FAQ, knowledge base) and the notification routes, wired once; the notifier
 * is made in app.ts so every module can `notify` users (apps/api/README.md, "Notifications").
 */
export const registerSupport = async (
  app: FastifyInstance,
  deps: { db: TDb; files: TFileStore; mailer: TMailer; notifier: TNotifier; publicUrl: string },
): Promise<void> => {
  const events = createTicketEvents({ ...deps, jobs: app.jobs });
  const articles = createArticlesService({ db: deps.db });
  await app.register(notificationsRoutes, {
    notifications: createNotificationsService({ db: deps.db }),
  });
  await app.register(ticketsRoutes, {
    tickets: createTicketsService({ db: deps.db, files: deps.files, events }),
    files: deps.files,
  });
  await app.register(articlesRoutes, { articles });
  app.addHook('onReady', async () => {
    await articles.seed();
  });
};
