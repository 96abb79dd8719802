import { ZMessageResponse } from '../auth.ts';
import { endpoint } from '../endpoint.ts';
import { ZDbIdParams } from '../envelope.ts';
import { ZNotificationList, ZNotificationUnread } from '../support.ts';

/** In-app notifications of the caller (spec §7: the list is the raw response). */
export const NOTIFICATION_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/api/notification/list/all-data',
    tags: ['notifications'],
    summary: 'The caller’s notifications, newest first (the latest 100), as a raw array',
    access: 'signed-in',
    response: { 200: ZNotificationList },
  }),
  unread: endpoint({
    method: 'GET',
    path: '/api/notification/unread-count',
    tags: ['notifications'],
    summary: 'How many notifications are unread (the bell polls it)',
    access: 'signed-in',
    response: { 200: ZNotificationUnread },
  }),
  read: endpoint({
    method: 'POST',
    path: '/api/notification/:id/read',
    tags: ['notifications'],
    summary: 'Mark one notification read',
    access: 'signed-in',
    params: ZDbIdParams,
    response: { 200: ZMessageResponse },
  }),
  readAll: endpoint({
    method: 'POST',
    path: '/api/notification/read-all',
    tags: ['notifications'],
    summary: 'Mark every notification read',
    access: 'signed-in',
    response: { 200: ZMessageResponse },
  }),
} as const;
