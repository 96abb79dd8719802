import { NOTIFICATION_ENDPOINTS as E } from '@bubuh/contracts';
import { useEndpointMutation, useEndpointQuery } from '@/lib/endpoint';

/**
 * The bell polls the unread count every 5 s (and on window focus). Polling rather than
 * server-sent events: notifications are written by pg-boss workers that may run in another
 * process, and a 5 s poll of one COUNT needs no connection per tab, no proxy settings, and
 * works the same behind every load balancer. The count answers with an ETag and
 * `Cache-Control: private, no-cache`, so the browser's HTTP cache sends `If-None-Match` on each
 * poll by itself and the server answers 304 (no body, fetch hands back the cached count) while
 * nothing changed.
 */
export const BELL_POLL_MS = 5_000;

export const useUnreadCount = () =>
  useEndpointQuery(E.unread, {}, { select: (body) => body.unread, refetchInterval: BELL_POLL_MS });

export const useNotifications = (enabled = true) =>
  useEndpointQuery(E.list, {}, { enabled, refetchInterval: enabled ? BELL_POLL_MS : false });

export const useMarkRead = () => useEndpointMutation(E.read);
export const useMarkAllRead = () => useEndpointMutation(E.readAll);
