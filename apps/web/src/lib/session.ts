import { DEFAULT_ABILITIES, type TAbility, type TSession, type TUserData } from '@bubuh/contracts';
import { useSyncExternalStore } from 'react';
import { loadedWire, loadWire } from './wire-loader';

/**
 * The locally kept session of spec §3: `userData` plus the token pair, and the ability list of the
 * login response. This module is the only place that reads or writes these storage keys. The
 * shapes are the contract's (`TSession`, `TUserData`), so what the login answers is what we keep.
 */
export const SESSION_KEYS = {
  user: 'userData',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  ability: 'userAbilities',
} as const;

/** Set when a session ends on its own (refresh refused), so /login can say why. */
const ENDED_KEY = 'bubuh.sessionEnded';

export type { TSession, TUserData };

const storage = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
};

const tabStorage = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
};

const readJson = (raw: string | null): unknown => {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
};

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * The schemas that read a stored session come with zod in their own chunk (`wire-loader.ts`):
 * `sessionReady` loads them before the first render when a session is stored, and a login loads
 * them before it stores one. A session stored meanwhile by another tab is read once they are in.
 */
const wire = () => {
  const loaded = loadedWire();
  if (!loaded) {
    void loadWire()
      .then(notify)
      .catch(() => undefined);
  }
  return loaded;
};

/** Resolves once a stored session can be read (main.tsx waits for it before the first render). */
export const sessionReady = async (): Promise<void> => {
  if (!storage()?.getItem(SESSION_KEYS.user)) return;
  await loadWire().catch(() => undefined);
};

/** Reads a stored `userData` defensively: anything that is not the contract's shape is "no session". */
export const parseUserData = (value: unknown): TUserData | null => {
  if (typeof value !== 'object' || value === null) return null;
  const parsed = wire()?.ZUserData.safeParse(value);
  return parsed?.success ? parsed.data : null;
};

/** The stored ability list; unusable entries are dropped, nothing stored means the default. */
export const parseAbilities = (value: unknown): TAbility[] => {
  if (!Array.isArray(value)) return DEFAULT_ABILITIES;
  const schemas = wire();
  return value.flatMap((rule) => {
    const parsed = schemas?.ZAbility.safeParse(rule);
    return parsed?.success ? [parsed.data] : [];
  });
};

let cacheKey: string | undefined;
let cacheValue: TSession | null = null;

/** The current session, or null when the user is anonymous (no user or no access token). */
export const getSession = (): TSession | null => {
  const store = storage();
  if (!store) return null;
  const rawUser = store.getItem(SESSION_KEYS.user);
  const accessToken = store.getItem(SESSION_KEYS.accessToken);
  const refreshToken = store.getItem(SESSION_KEYS.refreshToken);
  const rawAbility = store.getItem(SESSION_KEYS.ability);
  const key = JSON.stringify([rawUser, accessToken, refreshToken, rawAbility]);
  if (key === cacheKey) return cacheValue;
  // Not read (nor kept) before the schemas are in: `wire()` asks for them and notifies.
  if (rawUser && !wire()) return null;
  cacheKey = key;
  const userData = parseUserData(readJson(rawUser));
  cacheValue =
    userData && accessToken
      ? {
          userData,
          accessToken,
          refreshToken: refreshToken ?? '',
          // Spec §4/§6: without a stored list only read on Auth.
          ability: rawAbility ? parseAbilities(readJson(rawAbility)) : DEFAULT_ABILITIES,
        }
      : null;
  return cacheValue;
};

export const getAccessToken = (): string | null =>
  storage()?.getItem(SESSION_KEYS.accessToken) ?? null;

export const getRefreshToken = (): string | null =>
  storage()?.getItem(SESSION_KEYS.refreshToken) ?? null;

/** Stores a session from the login (or login-OTP) answer. */
export const setSession = ({ userData, accessToken, refreshToken, ability }: TSession): void => {
  const store = storage();
  if (!store) return;
  store.setItem(SESSION_KEYS.user, JSON.stringify(userData));
  store.setItem(SESSION_KEYS.accessToken, accessToken);
  store.setItem(SESSION_KEYS.refreshToken, refreshToken);
  store.setItem(SESSION_KEYS.ability, JSON.stringify(ability));
  tabStorage()?.removeItem(ENDED_KEY);
  notify();
};

/** The rotated pair of POST /api/v1/auth/refresh; the user and abilities stay. */
export const setTokens = (accessToken: string, refreshToken: string): void => {
  const store = storage();
  if (!store) return;
  store.setItem(SESSION_KEYS.accessToken, accessToken);
  store.setItem(SESSION_KEYS.refreshToken, refreshToken);
  notify();
};

/** Updates the stored user (after a profile edit or avatar upload) without touching the tokens. */
export const updateSessionUser = (patch: Partial<TUserData>): void => {
  const session = getSession();
  const store = storage();
  if (!session || !store) return;
  store.setItem(SESSION_KEYS.user, JSON.stringify({ ...session.userData, ...patch }));
  notify();
};

/**
 * Logout and a refused refresh (spec §4, §8): the session and both tokens go. `expired` marks a
 * session that ended on its own, so the login page can explain it.
 */
export const clearSession = (options: { expired?: boolean } = {}): void => {
  const store = storage();
  if (!store) return;
  for (const key of Object.values(SESSION_KEYS)) store.removeItem(key);
  if (options.expired) tabStorage()?.setItem(ENDED_KEY, '1');
  notify();
};

/** True after a session ended on its own, until the login page has said so (or a new login). */
export const sessionEnded = (): boolean => tabStorage()?.getItem(ENDED_KEY) === '1';

export const forgetSessionEnded = (): void => {
  tabStorage()?.removeItem(ENDED_KEY);
};

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || (Object.values(SESSION_KEYS) as string[]).includes(event.key)) {
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

/** Re-renders when the session changes in this tab or another one. */
export const useSession = (): TSession | null =>
  useSyncExternalStore(subscribe, getSession, () => null);

/** A `?redirect=` target is only followed when it is a path on this site. */
export const safeRedirect = (target: string | null | undefined, fallback: string): string => {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return fallback;
  }
  return target;
};
