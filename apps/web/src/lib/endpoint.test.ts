import { DEPARTEMENT_ENDPOINTS, MASTER_STATUS_ENDPOINTS, SYSTEM_ENDPOINTS } from '@bubuh/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from './api-client';
import { BAD_RESPONSE, callEndpoint, endpointKey, endpointScope } from './endpoint';

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('callEndpoint', () => {
  it('fills the path, sends the query and body, and returns the parsed answer', async () => {
    const status = { id: 7, status_group: 'g', status_name: 'v', description: null };
    const fetch = vi.fn(async () => answer({ message: 'OK', data: { ...status, extra: 1 } }));
    vi.stubGlobal('fetch', fetch);
    const body = await callEndpoint(MASTER_STATUS_ENDPOINTS.update, {
      params: { id: 7 },
      body: { status_name: 'v' },
    });
    expect(fetch).toHaveBeenCalledWith(
      '/api/master-status/7',
      expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ status_name: 'v' }) }),
    );
    expect(body.data).toEqual(status);
  });

  it('turns an answer that does not match the schema into an ApiError, not a crash', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer({ message: 'OK', data: { value: 'fast' } })),
    );
    const error = await callEndpoint(SYSTEM_ENDPOINTS.connectionCheck, {}).catch((e) => e);
    expect(isApiError(error)).toBe(true);
    expect(error.errors.status).toBe(BAD_RESPONSE);
    expect(error.hasServerMessage).toBe(false);
  });

  it('passes the server error envelope through', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer({ message: 'Nope', errors: { status: 'FORBIDDEN' } }, 403)),
    );
    const error = await callEndpoint(DEPARTEMENT_ENDPOINTS.remove, { params: { id: 1 } }).catch(
      (e) => e,
    );
    expect(error.status).toBe(403);
    expect(error.message).toBe('Nope');
  });
});

describe('endpoint keys', () => {
  it('start with the area scope, so one invalidation covers the area', () => {
    const key = endpointKey(DEPARTEMENT_ENDPOINTS.list, { query: { page: 2 } });
    expect(key.slice(0, endpointScope(DEPARTEMENT_ENDPOINTS.list).length)).toEqual([
      'departements',
    ]);
    expect(key).toEqual(['departements', 'GET /api/v1/departement', { page: 2 }]);
  });
});
