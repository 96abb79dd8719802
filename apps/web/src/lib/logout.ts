import { api } from './api-client';
import { getAccessToken, getRefreshToken } from './session';

export const LOGOUT_ENDPOINT = '/api/v1/auth/logout';

/**
 * Spec §4 logout, server half: POST /api/v1/auth/logout with the bearer token and the refresh
 * token, so the session is revoked server-side. Never throws and never refreshes: the caller
 * clears the local session and both tokens whatever the answer (offline, already revoked...).
 */
export const revokeServerSession = async (): Promise<void> => {
  const refreshToken = getRefreshToken();
  if (!getAccessToken() && !refreshToken) return;
  try {
    await api.post(LOGOUT_ENDPOINT, refreshToken ? { refreshToken } : {}, {
      skipAuthRefresh: true,
      signal: AbortSignal.timeout(5000),
    });
  } catch {
    // The local session goes anyway.
  }
};
