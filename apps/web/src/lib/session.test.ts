import { DEFAULT_ABILITIES, type TUserData } from '@bubuh/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeWindow, createMemoryStorage } from '@/testing/memory-storage';
import {
  clearSession,
  forgetSessionEnded,
  getAccessToken,
  getSession,
  parseAbilities,
  parseUserData,
  SESSION_KEYS,
  safeRedirect,
  sessionEnded,
  setSession,
  setTokens,
  updateSessionUser,
} from './session';
import { loadWire } from './wire-loader';

// The session and error schemas come with zod in their own chunk (`wire-loader.ts`).
beforeAll(async () => {
  await loadWire();
});

const user: TUserData = {
  id: 1,
  role: 'admin',
  user_type: 'company',
  company_id: 2,
  company_name: 'PT Demo Sejahtera',
  departement_id: null,
  departement_name: null,
  fullName: 'Demo Admin',
  email: 'admin@demo.local',
  avatar: null,
  emet_id: 'DFABC123',
  is_parent: false,
};

const ability = [{ action: 'manage', subject: 'all' }];

describe('session storage', () => {
  let storage: Storage;
  beforeEach(() => {
    storage = createMemoryStorage();
    vi.stubGlobal('window', createFakeWindow(storage));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is anonymous with nothing stored', () => {
    expect(getSession()).toBeNull();
    expect(getAccessToken()).toBeNull();
  });

  it('stores userData, both tokens and the abilities under the spec keys', () => {
    setSession({ userData: user, accessToken: 'a', refreshToken: 'r', ability });
    expect(JSON.parse(storage.getItem('userData') ?? '{}')).toMatchObject({ id: 1, role: 'admin' });
    expect(storage.getItem('accessToken')).toBe('a');
    expect(storage.getItem('refreshToken')).toBe('r');
    expect(JSON.parse(storage.getItem('userAbilities') ?? '[]')).toEqual(ability);
    const session = getSession();
    expect(session?.userData.fullName).toBe('Demo Admin');
    expect(session?.accessToken).toBe('a');
    expect(session?.ability).toEqual(ability);
  });

  it('defaults to read on Auth when no ability list is stored (spec §4)', () => {
    storage.setItem(SESSION_KEYS.user, JSON.stringify(user));
    storage.setItem(SESSION_KEYS.accessToken, 'a');
    expect(getSession()?.ability).toEqual(DEFAULT_ABILITIES);
    expect(DEFAULT_ABILITIES).toEqual([{ action: 'read', subject: 'Auth' }]);
  });

  it('returns the same object while storage is unchanged (stable snapshot)', () => {
    setSession({ userData: user, accessToken: 'a', refreshToken: 'r', ability });
    expect(getSession()).toBe(getSession());
  });

  it('needs both a user and an access token', () => {
    storage.setItem(SESSION_KEYS.user, JSON.stringify(user));
    expect(getSession()).toBeNull();
    storage.setItem(SESSION_KEYS.accessToken, 'x');
    expect(getSession()).not.toBeNull();
  });

  it('replaces the token pair after a refresh and keeps the user', () => {
    setSession({ userData: user, accessToken: 'a', refreshToken: 'r', ability });
    setTokens('a2', 'r2');
    expect(getSession()).toMatchObject({ accessToken: 'a2', refreshToken: 'r2', ability });
    expect(getSession()?.userData.id).toBe(1);
  });

  it('updates the stored user after a profile change', () => {
    setSession({ userData: user, accessToken: 'a', refreshToken: 'r', ability });
    updateSessionUser({ fullName: 'Ayu Baru', avatar: 'x.png' });
    expect(getSession()?.userData).toMatchObject({ fullName: 'Ayu Baru', avatar: 'x.png', id: 1 });
    expect(getSession()?.accessToken).toBe('a');
  });

  it('logout clears the session and both tokens', () => {
    setSession({ userData: user, accessToken: 'a', refreshToken: 'r', ability: [] });
    clearSession();
    expect(getSession()).toBeNull();
    for (const key of Object.values(SESSION_KEYS)) expect(storage.getItem(key)).toBeNull();
    expect(sessionEnded()).toBe(false);
  });

  it('remembers once that a session ended on its own', () => {
    setSession({ userData: user, accessToken: 'a', refreshToken: 'r', ability });
    clearSession({ expired: true });
    expect(sessionEnded()).toBe(true);
    forgetSessionEnded();
    expect(sessionEnded()).toBe(false);
    clearSession({ expired: true });
    setSession({ userData: user, accessToken: 'a', refreshToken: 'r', ability });
    expect(sessionEnded()).toBe(false);
  });

  it('treats unreadable userData as anonymous', () => {
    storage.setItem(SESSION_KEYS.user, '{not json');
    storage.setItem(SESSION_KEYS.accessToken, 'x');
    expect(getSession()).toBeNull();
  });
});

describe('parseUserData', () => {
  it('accepts the contract shape', () => {
    expect(parseUserData(user)).toEqual(user);
  });

  it('rejects unknown roles, missing fields and non-objects', () => {
    expect(parseUserData({ ...user, role: 'root' })).toBeNull();
    expect(parseUserData({ id: 1, role: 'admin' })).toBeNull();
    expect(parseUserData(null)).toBeNull();
    expect(parseUserData([user])).toBeNull();
  });
});

describe('parseAbilities', () => {
  it('keeps well-formed rules and defaults when nothing usable is stored', () => {
    expect(parseAbilities([{ action: 'read', subject: 'Dashboard' }, { action: 1 }])).toEqual([
      { action: 'read', subject: 'Dashboard' },
    ]);
    expect(parseAbilities('nope')).toEqual(DEFAULT_ABILITIES);
  });
});

describe('safeRedirect', () => {
  it('follows paths on this site only', () => {
    expect(safeRedirect('/stamp/bulk?x=1', '/dashboard')).toBe('/stamp/bulk?x=1');
    expect(safeRedirect(null, '/dashboard')).toBe('/dashboard');
    expect(safeRedirect('', '/dashboard')).toBe('/dashboard');
    expect(safeRedirect('https://evil.example', '/dashboard')).toBe('/dashboard');
    expect(safeRedirect('//evil.example', '/dashboard')).toBe('/dashboard');
    expect(safeRedirect('/\\evil.example', '/dashboard')).toBe('/dashboard');
  });
});
