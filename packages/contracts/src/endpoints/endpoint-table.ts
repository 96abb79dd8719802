import type { TEndpoint } from '../endpoint.ts';
import { AUTH_ENDPOINTS } from './auth.ts';
import { BATCH_ENDPOINTS } from './batches.ts';
import { BILLING_ENDPOINTS } from './billing.ts';
import { BULK_TEMPLATE_ENDPOINTS } from './bulk-templates.ts';
import { DOCUMENT_AUDIT_ENDPOINTS } from './document-audit.ts';
import { DOCUMENT_ENDPOINTS } from './documents.ts';
import { ESIGN_ENDPOINTS } from './esign.ts';
import { LOCKER_ENDPOINTS } from './locker.ts';
import { NOTIFICATION_ENDPOINTS } from './notifications.ts';
import { DEPARTEMENT_ENDPOINTS, QUOTA_ENDPOINTS } from './organisation.ts';
import { MASTER_STATUS_ENDPOINTS, PLAN_ENDPOINTS } from './platform.ts';
import { PROMO_ENDPOINTS } from './promo.ts';
import { SIGNING_LINK_ENDPOINTS } from './signing-links.ts';
import { SUPPORT_CONTENT_ENDPOINTS, TICKET_ENDPOINTS } from './support.ts';
import { SYSTEM_ENDPOINTS } from './system.ts';
import { TEMPLATE_ENDPOINTS } from './templates.ts';
import { USER_ENDPOINTS } from './users.ts';

/** Every endpoint of the API, per area (tests check it against the routes the API registers). */
export const ENDPOINT_GROUPS = {
  auth: AUTH_ENDPOINTS,
  users: USER_ENDPOINTS,
  departements: DEPARTEMENT_ENDPOINTS,
  quota: QUOTA_ENDPOINTS,
  plans: PLAN_ENDPOINTS,
  masterStatus: MASTER_STATUS_ENDPOINTS,
  esign: ESIGN_ENDPOINTS,
  signingLinks: SIGNING_LINK_ENDPOINTS,
  documents: DOCUMENT_ENDPOINTS,
  documentAudit: DOCUMENT_AUDIT_ENDPOINTS,
  templates: TEMPLATE_ENDPOINTS,
  batches: BATCH_ENDPOINTS,
  bulkTemplates: BULK_TEMPLATE_ENDPOINTS,
  system: SYSTEM_ENDPOINTS,
  billing: BILLING_ENDPOINTS,
  promo: PROMO_ENDPOINTS,
  tickets: TICKET_ENDPOINTS,
  supportContent: SUPPORT_CONTENT_ENDPOINTS,
  notifications: NOTIFICATION_ENDPOINTS,
  locker: LOCKER_ENDPOINTS,
} as const;

export const ALL_ENDPOINTS: readonly TEndpoint[] = Object.values(ENDPOINT_GROUPS).flatMap(
  (group): TEndpoint[] => Object.values(group),
);
