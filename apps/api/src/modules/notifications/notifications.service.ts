import type { TNotification } from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import type { TJobs } from '../../jobs/jobs.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TAuth } from '../../plugins/auth.ts';
import {
  createNotificationsRepository,
  type TNotificationRow,
} from './notifications.repository.ts';

export const NOTIFY_QUEUE = 'notify';
const LIST_LIMIT = 100;

/** What a module tells a user. `key` names the event: the same key for a user is stored once. */
export type TNotice = {
  userId: number;
  header: string;
  content: string;
  /** An app path the notification opens (e.g. `/support/ticket/12`). */
  link?: string | null;
  key: string;
};

/**
 * `notify(notice)`: the one way a module notifies a user in the app. It queues a pg-boss job (so
 * the request path stays short and a failure is retried) whose handler stores the notification
 * once per (user, key). Call it after your transaction has committed, never inside one.
 */
export type TNotifier = { notify: (notice: TNotice) => Promise<void> };

const toWire = (row: TNotificationRow): TNotification => ({
  id: row.id,
  header: row.header,
  content: row.content,
  date: row.createdAt.toISOString(),
  link: row.link,
  read: row.readAt !== null,
});

export const createNotifier = (deps: { db: TDb; jobs: TJobs }): TNotifier => {
  const repo = createNotificationsRepository(deps.db);
  const queue = deps.jobs.define<TNotice & { link: string | null }>(
    NOTIFY_QUEUE,
    async (data) => {
      await repo.insertOnce({
        userId: data.userId,
        key: data.key,
        header: data.header.slice(0, 200),
        content: data.content,
        link: data.link,
      });
    },
    { concurrency: 2 },
  );
  return {
    notify: async (notice) => {
      await queue.send(
        { ...notice, link: notice.link ?? null },
        { singletonKey: `${notice.userId}:${notice.key}` },
      );
    },
  };
};

export const createNotificationsService = (deps: { db: TDb }) => {
  const repo = createNotificationsRepository(deps.db);
  return {
    list: async (auth: TAuth) => (await repo.latest(auth.userId, LIST_LIMIT)).map(toWire),
    /**
     * The unread count and its ETag: the user, their newest notification and the count (a new
     * notification, a read or a mark-all-read changes it); the bell's poll revalidates with it.
     */
    unread: async (auth: TAuth) => {
      const [unread, newest] = await Promise.all([
        repo.unread(auth.userId),
        repo.newestId(auth.userId),
      ]);
      return { body: { unread }, etag: `W/"n${auth.userId}-${newest}-${unread}"` };
    },
    markRead: async (auth: TAuth, id: number) => {
      if (!(await repo.markRead(auth.userId, id))) throw AppError.notFound('Notification');
    },
    markAllRead: (auth: TAuth) => repo.markAllRead(auth.userId),
  };
};
