export { createNoticeEvents } from './notice-events.ts';
export type { TSigningNoticeEvents } from './notice-events-signing.ts';
export { createNoticeMail } from './notice-mail.ts';
export { notificationsRoutes } from './notifications.routes.ts';
export {
  createNotificationsService,
  createNotifier,
  type TNotifier,
} from './notifications.service.ts';
