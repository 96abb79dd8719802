import { currentLanguage } from './i18n';
import { clearSession, getAccessToken, getRefreshToken, setTokens } from './session';
import { loadedWire, loadWire } from './wire-loader';

/**
 * The one fetch wrapper of the web app (design §5). Same origin (the API lives under /api), bearer
 * token from the session, JSON in and out, and every failure turned into an `ApiError` that carries
 * the server envelope `{ message, errors: { status, ... } }`.
 *
 * Spec §4: a 401 on a call that carried a token triggers ONE refresh with the stored refresh token
 * (a single refresh in flight; calls that fail or start meanwhile wait for it and are replayed with
 * the new token). When the refresh is refused the session is cleared and the guard sends the user
 * to /login.
 */
export type TApiErrorDetails = { status?: string; requestId?: string; [field: string]: unknown };

export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** `errors` of the envelope; `errors.status` is the machine-readable code (spec §8). */
  readonly errors: TApiErrorDetails;
  /** True when `message` came from the server envelope (and can be shown as is). */
  readonly hasServerMessage: boolean;

  constructor(options: {
    status: number;
    message: string;
    errors?: TApiErrorDetails;
    hasServerMessage?: boolean;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.errors = options.errors ?? {};
    this.hasServerMessage = options.hasServerMessage ?? false;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export type TQuery = Record<string, string | number | boolean | null | undefined>;

export type TRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData and Blob are sent as they are. */
  body?: unknown;
  query?: TQuery;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send without the bearer token (login, register, public services). */
  anonymous?: boolean;
  /** Return the raw Response (downloads). */
  raw?: boolean;
  /** Do not refresh on a 401 and leave the session alone (logout: the answer does not matter). */
  skipAuthRefresh?: boolean;
};

/** Where the client reads and writes the token pair (the session in the app, a Map in tests). */
export type TTokenStore = {
  getAccessToken: () => string | null;
  getRefreshToken: () => string | null;
  setTokens: (accessToken: string, refreshToken: string) => void;
  /** The session is over (refresh refused): drop the user and both tokens. */
  clear: () => void;
};

export type TApiClientDeps = {
  fetch: typeof fetch;
  tokens: TTokenStore;
  /** POST /api/v1/auth/refresh (`REFRESH_PATH` of `wire.ts`) by default. */
  refreshPath?: string;
  /** Serialises refreshes across tabs (Web Locks in the browser); runs `work` directly by default. */
  lock?: <T>(work: () => Promise<T>) => Promise<T>;
  /** Called once per ended session, after `tokens.clear()`. */
  onSessionExpired?: () => void;
  /** The UI language, sent as Accept-Language so that error messages come back in it. */
  language?: () => string;
};

const buildUrl = (path: string, query?: TQuery): string => {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
};

const parseBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * Turns any non-2xx answer into an ApiError, reading the envelope when there is one. The envelope's
 * schema comes with the wire schemas (`wire-loader.ts`): the client loads them before it calls this.
 */
export const toApiError = (status: number, body: unknown): ApiError => {
  const parsed = loadedWire()?.ZApiError.safeParse(body);
  if (parsed?.success) {
    return new ApiError({
      status,
      message: parsed.data.message,
      errors: parsed.data.errors as TApiErrorDetails,
      hasServerMessage: true,
    });
  }
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message) {
      return new ApiError({ status, message, hasServerMessage: true });
    }
  }
  return new ApiError({ status, message: `Request failed with status ${status}` });
};

/** The ApiError of a non-2xx response, once its body and the envelope's schema are in. */
const failure = async (status: number, response: Response): Promise<ApiError> => {
  const [body] = await Promise.all([parseBody(response), loadWire().catch(() => null)]);
  return toApiError(status, body);
};

const networkError = () => new ApiError({ status: 0, message: 'Network error' });

const isAbort = (cause: unknown) => cause instanceof DOMException && cause.name === 'AbortError';

/**
 * The client core: pure over `fetch` and a token store, so the refresh queue is unit-tested
 * without a browser.
 */
export const createApiClient = (deps: TApiClientDeps) => {
  const { tokens } = deps;
  const lock = deps.lock ?? (<T>(work: () => Promise<T>) => work());
  /** The one refresh in flight; resolves to the new access token, or null when the session ended. */
  let refreshing: Promise<string | null> | null = null;

  const expire = () => {
    tokens.clear();
    deps.onSessionExpired?.();
  };

  const runRefresh = (staleToken: string) =>
    lock(async (): Promise<string | null> => {
      // A refresh elsewhere (another tab, or a call that failed earlier) may already have
      // replaced the token that was refused: then there is nothing to rotate, just replay.
      const current = tokens.getAccessToken();
      if (current && current !== staleToken) return current;
      if (!current) return null;
      const refreshToken = tokens.getRefreshToken();
      if (!refreshToken) {
        expire();
        return null;
      }
      const wire = await loadWire().catch(() => {
        throw networkError();
      });
      let response: Response;
      try {
        response = await deps.fetch(deps.refreshPath ?? wire.AUTH_ENDPOINTS.refresh.path, {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: JSON.stringify({ refreshToken }),
          credentials: 'same-origin',
        });
      } catch {
        // Offline is not a revoked session: keep it and let the caller show a network error.
        throw networkError();
      }
      if (response.status >= 500) throw await failure(response.status, response);
      const parsed = response.ok
        ? wire.ZRefreshResponse.safeParse(await parseBody(response))
        : null;
      if (!parsed?.success) {
        expire();
        return null;
      }
      tokens.setTokens(parsed.data.data.accessToken, parsed.data.data.refreshToken);
      return parsed.data.data.accessToken;
    });

  /** Starts the refresh, or joins the one in flight (the queue of waiting calls). */
  const refresh = (staleToken: string): Promise<string | null> => {
    if (!refreshing) {
      refreshing = runRefresh(staleToken).finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  };

  const request = async <T>(path: string, options: TRequestOptions = {}): Promise<T> => {
    const { method = 'GET', body, query, signal, anonymous = false, raw = false } = options;
    const skipRefresh = options.skipAuthRefresh ?? false;
    const url = buildUrl(path, query);

    let payload: BodyInit | undefined;
    const baseHeaders: Record<string, string> = {
      Accept: 'application/json',
      ...(deps.language ? { 'Accept-Language': deps.language() } : {}),
      ...options.headers,
    };
    if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) {
      payload = body;
    } else if (body !== undefined) {
      baseHeaders['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }

    const send = async (token: string | null): Promise<Response> => {
      const headers = { ...baseHeaders };
      if (token) headers.Authorization = `Bearer ${token}`;
      try {
        return await deps.fetch(url, {
          method,
          headers,
          body: payload,
          signal,
          credentials: 'same-origin',
        });
      } catch (cause) {
        if (isAbort(cause)) throw cause;
        throw networkError();
      }
    };

    // A call that starts while a refresh is running waits for the new token instead of failing.
    if (!anonymous && refreshing) await refreshing.catch(() => null);
    const token = anonymous ? null : tokens.getAccessToken();
    let response = await send(token);

    if (response.status === 401 && token && !skipRefresh) {
      const fresh = await refresh(token);
      if (fresh === null) throw await failure(401, response);
      response = await send(fresh);
      // Refused even with a fresh token: the session is gone.
      if (response.status === 401) expire();
    }

    if (!response.ok) throw await failure(response.status, response);
    if (raw) return response as T;
    return (await parseBody(response)) as T;
  };

  return { request, refresh };
};

export type TApiClient = ReturnType<typeof createApiClient>;

/** Called after a session ended on a 401; the guard then sends the user to /login. */
let onUnauthorized: () => void = () => undefined;
export const setUnauthorizedHandler = (handler: () => void): void => {
  onUnauthorized = handler;
};

/** Web Locks keep two tabs from rotating the same refresh token at once (a reuse revokes it). */
const webLock = <T>(work: () => Promise<T>): Promise<T> => {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('bubuh.auth.refresh', work) as Promise<T>) : work();
};

const client = createApiClient({
  // Late-bound, so tests that stub the global fetch reach this client too.
  fetch: (input, init) => globalThis.fetch(input, init),
  tokens: {
    getAccessToken,
    getRefreshToken,
    setTokens,
    clear: () => clearSession({ expired: true }),
  },
  lock: webLock,
  onSessionExpired: () => onUnauthorized(),
  language: currentLanguage,
});

export const request = client.request;

type TNoBody = Omit<TRequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: TNoBody) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: TNoBody) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: TNoBody) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: TNoBody) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: TNoBody) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * The field errors of an API answer (`errors.<field>` messages) for the given form fields, so a
 * form can show the server's verdict under the right input.
 */
export const fieldErrorsOf = (
  error: unknown,
  fields: readonly string[],
): Record<string, string> => {
  if (!isApiError(error)) return {};
  const found: Record<string, string> = {};
  for (const field of fields) {
    const value = error.errors[field];
    if (typeof value === 'string' && value) found[field] = value;
  }
  return found;
};
