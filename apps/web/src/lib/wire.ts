/**
 * The zod schemas the app shell needs (stored session, error envelope, token refresh, the auth
 * endpoints). Loaded on demand through `wire-loader.ts`, so that zod and these schemas are not
 * part of the entry chunk: /login draws without them (`npm run bench:web`, docs/performance.md).
 */
import { AUTH_ENDPOINTS, ZAbility, ZApiError, ZRefreshResponse, ZUserData } from '@bubuh/contracts';

export const WIRE = { AUTH_ENDPOINTS, ZAbility, ZApiError, ZRefreshResponse, ZUserData };

export type TWire = typeof WIRE;

/** POST /api/v1/auth/refresh. */
export const REFRESH_PATH = AUTH_ENDPOINTS.refresh.path;
