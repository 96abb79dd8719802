import type { TUserData } from '@bubuh/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeWindow } from '@/testing/memory-storage';
import {
  ApiError,
  api,
  createApiClient,
  fieldErrorsOf,
  type TTokenStore,
  toApiError,
} from './api-client';
import { getSession, sessionEnded, setSession } from './session';
import { REFRESH_PATH } from './wire';
import { loadWire } from './wire-loader';

// The session and error schemas come with zod in their own chunk (`wire-loader.ts`).
beforeAll(async () => {
  await loadWire();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const unauthenticated = () =>
  json(401, { message: 'Your session has ended', errors: { status: 'UNAUTHENTICATED' } });

const USER: TUserData = {
  id: 1,
  role: 'admin',
  user_type: 'company',
  company_id: 2,
  company_name: 'PT Demo',
  departement_id: null,
  departement_name: null,
  fullName: 'Demo',
  email: 'demo@demo.local',
  avatar: null,
  emet_id: 'DFABC123',
  is_parent: false,
};

const login = () =>
  setSession({
    userData: USER,
    accessToken: 'token-1',
    refreshToken: 'refresh-1',
    ability: [{ action: 'manage', subject: 'all' }],
  });

describe('toApiError', () => {
  it('reads the error envelope', () => {
    const error = toApiError(422, {
      message: 'Email sudah terdaftar',
      errors: { status: 'VALIDATION_FAILED', email: 'taken' },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.message).toBe('Email sudah terdaftar');
    expect(error.errors.status).toBe('VALIDATION_FAILED');
    expect(error.errors.email).toBe('taken');
    expect(error.hasServerMessage).toBe(true);
  });

  it('falls back for bodies that are not an envelope', () => {
    const error = toApiError(502, '<html>Bad gateway</html>');
    expect(error.hasServerMessage).toBe(false);
    expect(error.message).toContain('502');
  });
});

describe('fieldErrorsOf', () => {
  it('picks the messages of the asked fields only', () => {
    const error = toApiError(400, {
      message: 'Invalid',
      errors: { status: 'VALIDATION_FAILED', noKTP: 'NIK is wrong', reason: 'X', attempts: 3 },
    });
    expect(fieldErrorsOf(error, ['noKTP', 'npwp', 'attempts'])).toEqual({ noKTP: 'NIK is wrong' });
    expect(fieldErrorsOf(new Error('x'), ['noKTP'])).toEqual({});
  });
});

describe('api client (app instance)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('window', createFakeWindow());
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends JSON with the bearer token and returns the body', async () => {
    login();
    fetchMock.mockResolvedValue(json(200, { message: 'ok', data: { value: 3 } }));
    const body = await api.post('/api/v1/thing', { a: 1 }, { query: { page: 2, q: undefined } });
    expect(body).toEqual({ message: 'ok', data: { value: 3 } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/thing?page=2');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer token-1');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
  });

  it('sends anonymous calls without a token', async () => {
    login();
    fetchMock.mockResolvedValue(json(200, {}));
    await api.post('/api/v1/auth/login', {}, { anonymous: true });
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
  });

  it('throws an ApiError with the envelope', async () => {
    fetchMock.mockResolvedValue(json(400, { message: 'Bad', errors: { status: 'BAD_REQUEST' } }));
    await expect(api.get('/api/v1/x')).rejects.toMatchObject({
      status: 400,
      message: 'Bad',
      errors: { status: 'BAD_REQUEST' },
    });
  });

  it('refreshes once on a 401, stores the new pair and replays the call', async () => {
    login();
    fetchMock.mockImplementation(async (input, init) => {
      const auth = (init?.headers as Record<string, string>)?.Authorization;
      if (input === REFRESH_PATH) {
        expect(JSON.parse(String(init?.body))).toEqual({ refreshToken: 'refresh-1' });
        return json(200, { message: 'OK', data: { accessToken: 'token-2', refreshToken: 'r-2' } });
      }
      return auth === 'Bearer token-2' ? json(200, { data: 'fine' }) : unauthenticated();
    });
    await expect(api.get('/api/v1/x')).resolves.toEqual({ data: 'fine' });
    expect(getSession()).toMatchObject({ accessToken: 'token-2', refreshToken: 'r-2' });
    expect(getSession()?.userData.fullName).toBe('Demo');
  });

  it('clears the session when the refresh is refused', async () => {
    login();
    fetchMock.mockImplementation(async () => unauthenticated());
    await expect(api.get('/api/v1/x')).rejects.toBeInstanceOf(ApiError);
    expect(getSession()).toBeNull();
    expect(sessionEnded()).toBe(true);
  });

  it('keeps the session on a 401 of an anonymous call (wrong password)', async () => {
    login();
    fetchMock.mockResolvedValue(
      json(401, { message: 'Wrong password', errors: { status: 'UNAUTHENTICATED' } }),
    );
    await expect(api.post('/api/v1/auth/login', {}, { anonymous: true })).rejects.toMatchObject({
      message: 'Wrong password',
    });
    expect(getSession()).not.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reports an unreachable server as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await api.get('/api/v1/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
  });
});

/** A token store over plain variables, and a server whose tokens we control. */
const setup = (options: { refresh?: () => Promise<Response> | Response } = {}) => {
  const state = {
    access: 'old' as string | null,
    refresh: 'refresh-old' as string | null,
    cleared: 0,
    expired: 0,
  };
  const tokens: TTokenStore = {
    getAccessToken: () => state.access,
    getRefreshToken: () => state.refresh,
    setTokens: (a, r) => {
      state.access = a;
      state.refresh = r;
    },
    clear: () => {
      state.cleared += 1;
      state.access = null;
      state.refresh = null;
    },
  };
  let releaseRefresh: () => void = () => undefined;
  const refreshGate = new Promise<void>((resolve) => {
    releaseRefresh = resolve;
  });
  const calls: { url: string; auth: string | undefined }[] = [];
  let valid = 'new';
  const fetchFake = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const auth = (init?.headers as Record<string, string> | undefined)?.Authorization;
    calls.push({ url, auth });
    if (url === REFRESH_PATH) {
      await refreshGate;
      if (options.refresh) return options.refresh();
      return json(200, {
        message: 'OK',
        data: { accessToken: valid, refreshToken: 'refresh-new' },
      });
    }
    return auth === `Bearer ${valid}` ? json(200, { url }) : unauthenticated();
  });
  const client = createApiClient({
    fetch: fetchFake,
    tokens,
    onSessionExpired: () => {
      state.expired += 1;
    },
  });
  const refreshCalls = () => calls.filter((c) => c.url === REFRESH_PATH).length;
  return {
    state,
    client,
    calls,
    releaseRefresh,
    refreshCalls,
    setValid: (token: string) => {
      valid = token;
    },
  };
};

/** Lets pending promise callbacks run. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('refresh queue', () => {
  it('runs a single refresh for concurrent 401s and replays every waiting call', async () => {
    const t = setup();
    const results = Promise.all(['/a', '/b', '/c'].map((p) => t.client.request(p)));
    await flush();
    t.releaseRefresh();
    expect(await results).toEqual([{ url: '/a' }, { url: '/b' }, { url: '/c' }]);
    expect(t.refreshCalls()).toBe(1);
    expect(t.state).toMatchObject({ access: 'new', refresh: 'refresh-new', cleared: 0 });
    const replays = t.calls.filter((c) => c.url !== REFRESH_PATH && c.auth === 'Bearer new');
    expect(replays.map((c) => c.url).sort()).toEqual(['/a', '/b', '/c']);
  });

  it('holds calls that start during a refresh until the new token is there', async () => {
    const t = setup();
    const first = t.client.request('/a');
    await flush();
    const late = t.client.request('/late');
    await flush();
    // /late has not been sent with the refused token: it waits for the refresh.
    expect(t.calls.some((c) => c.url === '/late')).toBe(false);
    t.releaseRefresh();
    await expect(Promise.all([first, late])).resolves.toHaveLength(2);
    expect(t.calls.filter((c) => c.url === '/late')).toEqual([
      { url: '/late', auth: 'Bearer new' },
    ]);
    expect(t.refreshCalls()).toBe(1);
  });

  it('ends the session once when the refresh is refused, and every waiting call fails', async () => {
    const t = setup({ refresh: () => unauthenticated() });
    const results = Promise.allSettled(['/a', '/b'].map((p) => t.client.request(p)));
    await flush();
    t.releaseRefresh();
    const settled = await results;
    expect(settled.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(settled[0]?.status === 'rejected' && settled[0].reason).toMatchObject({ status: 401 });
    expect(t.refreshCalls()).toBe(1);
    expect(t.state).toMatchObject({ access: null, refresh: null, cleared: 1, expired: 1 });
  });

  it('ends the session when the replay is refused again', async () => {
    const t = setup({
      refresh: () => json(200, { message: 'OK', data: { accessToken: 'bad', refreshToken: 'r' } }),
    });
    t.releaseRefresh();
    const error = await t.client.request('/a').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401 });
    expect(t.state).toMatchObject({ access: null, cleared: 1, expired: 1 });
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    const t = setup({
      refresh: () => {
        throw new TypeError('offline');
      },
    });
    t.releaseRefresh();
    const error = await t.client.request('/a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
    expect(t.state).toMatchObject({ access: 'old', refresh: 'refresh-old', cleared: 0 });
  });

  it('replays without refreshing when the token was already rotated elsewhere', async () => {
    const t = setup();
    t.releaseRefresh();
    t.setValid('rotated');
    // The call goes out with 'old'; before its 401 is back another tab stored 'rotated'.
    const pending = t.client.request('/a');
    t.state.access = 'rotated';
    await expect(pending).resolves.toEqual({ url: '/a' });
    expect(t.calls.map((c) => c.auth)).toEqual(['Bearer old', 'Bearer rotated']);
    expect(t.refreshCalls()).toBe(0);
  });

  it('refreshes again for a later 401 once the first refresh is done', async () => {
    const t = setup();
    t.releaseRefresh();
    await t.client.request('/a');
    expect(t.refreshCalls()).toBe(1);
    // The server now refuses 'new' and issues 'newer' on the next refresh.
    t.setValid('newer');
    await expect(t.client.request('/b')).resolves.toEqual({ url: '/b' });
    expect(t.refreshCalls()).toBe(2);
    expect(t.state.access).toBe('newer');
  });

  it('does not refresh for calls that ask not to (logout)', async () => {
    const t = setup();
    t.releaseRefresh();
    await expect(
      t.client.request('/api/v1/auth/logout', { method: 'POST', skipAuthRefresh: true }),
    ).rejects.toMatchObject({ status: 401 });
    expect(t.refreshCalls()).toBe(0);
    expect(t.state.cleared).toBe(0);
  });

  it('uses the lock around the refresh', async () => {
    let locked = 0;
    const lock = <T>(work: () => Promise<T>): Promise<T> => {
      locked += 1;
      return work();
    };
    let access = 'old';
    const client = createApiClient({
      fetch: async (input, init) => {
        if (String(input) === REFRESH_PATH) {
          return json(200, { message: 'OK', data: { accessToken: 'n', refreshToken: 'rn' } });
        }
        const auth = (init?.headers as Record<string, string> | undefined)?.Authorization;
        return auth === 'Bearer n' ? json(200, {}) : unauthenticated();
      },
      tokens: {
        getAccessToken: () => access,
        getRefreshToken: () => 'r',
        setTokens: (a) => {
          access = a;
        },
        clear: () => undefined,
      },
      lock,
    });
    await client.request('/x');
    expect(locked).toBe(1);
    expect(access).toBe('n');
  });
});

describe('Accept-Language', () => {
  it('asks for error messages in the UI language, and a caller can still override it', async () => {
    const seen: (string | null)[] = [];
    let language = 'id';
    const client = createApiClient({
      fetch: async (_input, init) => {
        seen.push(new Headers(init?.headers).get('accept-language'));
        return json(200, { message: 'OK', data: null });
      },
      tokens: {
        getAccessToken: () => null,
        getRefreshToken: () => null,
        setTokens: () => undefined,
        clear: () => undefined,
      },
      language: () => language,
    });
    await client.request('/api/a', { anonymous: true });
    language = 'en';
    await client.request('/api/b', { anonymous: true });
    await client.request('/api/c', { anonymous: true, headers: { 'Accept-Language': 'id' } });
    expect(seen).toEqual(['id', 'en', 'id']);
  });
});
