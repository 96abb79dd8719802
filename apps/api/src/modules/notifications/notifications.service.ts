import type { TNotification } from '@bubuh/contracts';
import { z } from 'zod';
import type { TDb } from '../../db/client.ts';
import type { TJobs } from '../../jobs/jobs.ts';
import { jobDefinition } from '../../jobs/jobs.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TAuth } from '../../plugins/auth.ts';
import type { TNoticeMail } from './notice-mail.ts';
import * as repo from './notifications.repository.ts';

export const NOTIFY_QUEUE = 'notify';
const LIST_LIMIT = 100;

/** What a module tells a user. `key` names the event: the same key for a user is stored once. */
/** A notice as its job carries it (`notify`). */
const ZNoticeJob = z.object({
  userId: z.number().int(),
  header: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  key: z.string(),
  mail: z.boolean().optional(),
});

export type TNotice = {
  userId: number;
  header: string;
  content: string;
  /** An app path the notification opens (e.g. `/support/ticket/12`). */
  link?: string | null;
  key: string;
  /** Also by e-mail (the events that matter: payments, quota, a nearly full locker), once. */
  mail?: boolean;
};

/**
 * `notify(notice)`: the one way a module notifies a user in the app. It queues a pg-boss job (so
 * the request path stays short and a failure is retried) whose handler stores the notification
 * once per (user, key). Call it after your transaction has committed, never inside one.
 * `store(notice)` does the job's work at once: for code already running in a job (a stamp),
 * where a second job would only add its three pg-boss statements. If storing fails, the notice
 * is queued as by `notify`, so it is retried like any other.
 */
export type TNotifier = {
  notify: (notice: TNotice) => Promise<void>;
  store: (notice: TNotice) => Promise<void>;
};

const toWire = (row: repo.TNotificationRow): TNotification => ({
  id: row.id,
  header: row.header,
  content: row.content,
  date: row.createdAt.toISOString(),
  link: row.link,
  read: row.readAt !== null,
});

export const createNotifier = (deps: {
  db: TDb;
  jobs: TJobs;
  noticeMail: TNoticeMail;
}): TNotifier => {
  const { db } = deps;
  const store = async (data: TNotice) => {
    const stored = await repo.insertOnce(db, {
      userId: data.userId,
      key: data.key,
      header: data.header.slice(0, 200),
      content: data.content,
      link: data.link ?? null,
    });
    if (data.mail && stored && stored.mailedAt === null) await deps.noticeMail.send(stored.id);
  };
  const queue = deps.jobs.define(
    jobDefinition({
      name: NOTIFY_QUEUE,
      schema: ZNoticeJob,
      handler: store,
      options: { concurrency: 2 },
    }),
  );
  const notify = async (notice: TNotice) => {
    await queue.send(
      { ...notice, link: notice.link ?? null },
      { singletonKey: `${notice.userId}:${notice.key}` },
    );
  };
  return {
    notify,
    store: (notice) => store(notice).catch(() => notify(notice)),
  };
};

type TState = { unread: number; newest: number };
const etagOf = (prefix: string, userId: number, s: TState) =>
  `W/"${prefix}${userId}-${s.newest}-${s.unread}"`;

export const createNotificationsService = (deps: { db: TDb }) => {
  const { db } = deps;
  const stateOf = async (userId: number): Promise<TState> => {
    const [unread, newest] = await Promise.all([
      repo.unread(db, userId),
      repo.newestId(db, userId),
    ]);
    return { unread, newest };
  };
  return {
    list: async (auth: TAuth) => (await repo.latest(db, auth.userId, LIST_LIMIT)).map(toWire),
    /**
     * The unread count and its ETag: the user, their newest notification and the count (a new
     * notification, a read or a mark-all-read changes it); the bell's poll revalidates with it.
     */
    unread: async (auth: TAuth) => {
      const state = await stateOf(auth.userId);
      return { body: { unread: state.unread }, etag: etagOf('n', auth.userId, state) };
    },
    /** The list's ETag: built of the same parts, so it changes whenever the count's does. */
    etag: async (auth: TAuth) => etagOf('l', auth.userId, await stateOf(auth.userId)),
    markRead: async (auth: TAuth, id: number) => {
      if (!(await repo.markRead(db, auth.userId, id))) throw AppError.notFound('Notification');
    },
    markAllRead: (auth: TAuth) => repo.markAllRead(db, auth.userId),
  };
};
