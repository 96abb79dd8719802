import { AUTH_ENDPOINTS } from '@bubuh/contracts';
import { callEndpoint } from './endpoint';
import { getAccessToken, getRefreshToken } from './session';

/**
 * Spec §4 logout, server half: POST /api/v1/auth/logout with the bearer token and the refresh
 * token, so the session is revoked server-side. Never throws and never refreshes: the caller
 * clears the local session and both tokens whatever the answer (offline, already revoked...).
 */
export const revokeServerSession = async (): Promise<void> => {
  const refreshToken = getRefreshToken();
  if (!getAccessToken() && !refreshToken) return;
  try {
    // The bearer token goes along (the server revokes its session), without a refresh on a 401.
    await callEndpoint(AUTH_ENDPOINTS.logout, {
      body: refreshToken ? { refreshToken } : {},
      anonymous: false,
      skipAuthRefresh: true,
      signal: AbortSignal.timeout(5000),
    });
  } catch {
    // The local session goes anyway.
  }
};
