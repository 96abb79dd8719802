import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeWindow, createMemoryStorage } from '@/testing/memory-storage';
import {
  clearLoginChallenge,
  clearRegisterDraft,
  EMPTY_REGISTER_VALUES,
  loadLoginChallenge,
  loadRegisterDraft,
  REGISTER_DRAFT_KEY,
  resendAvailableAt,
  saveLoginChallenge,
  saveRegisterDraft,
  setResendCooldown,
} from './flow-storage';
import { COMPANY_REGISTER_VALUES } from './register-test-values';

let tab: Storage;
beforeEach(() => {
  tab = createMemoryStorage();
  vi.stubGlobal('window', createFakeWindow(createMemoryStorage(), tab));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('register draft', () => {
  const values = COMPANY_REGISTER_VALUES;

  it('survives a reload without the password', () => {
    saveRegisterDraft(2, values);
    const raw = tab.getItem(REGISTER_DRAFT_KEY) ?? '';
    expect(raw).not.toContain('Rahasia2026');
    expect(raw).not.toContain('password');
    const draft = loadRegisterDraft();
    expect(draft?.step).toBe(2);
    expect(draft?.values).toEqual({ ...values, password: '', passwordConfirmation: '' });
  });

  it('is gone after clearing, and ignores junk', () => {
    saveRegisterDraft(1, values);
    clearRegisterDraft();
    expect(loadRegisterDraft()).toBeNull();
    tab.setItem(REGISTER_DRAFT_KEY, '{oops');
    expect(loadRegisterDraft()).toBeNull();
    tab.setItem(REGISTER_DRAFT_KEY, JSON.stringify({ step: -3, type: 'root', name: 7 }));
    expect(loadRegisterDraft()).toEqual({ step: 0, values: EMPTY_REGISTER_VALUES });
  });
});

describe('resend cool-down', () => {
  it('is kept per e-mail, case-insensitively', () => {
    expect(resendAvailableAt('a@b.co')).toBe(0);
    setResendCooldown('A@B.co', 60, 1_000);
    expect(resendAvailableAt('a@b.co')).toBe(61_000);
    expect(resendAvailableAt('c@d.co')).toBe(0);
  });
});

describe('login challenge', () => {
  it('round-trips and validates', () => {
    expect(loadLoginChallenge()).toBeNull();
    saveLoginChallenge({ otpToken: 'tok', email: 'a@b.co', redirect: null });
    expect(loadLoginChallenge()).toEqual({ otpToken: 'tok', email: 'a@b.co', redirect: null });
    clearLoginChallenge();
    expect(loadLoginChallenge()).toBeNull();
  });
});
