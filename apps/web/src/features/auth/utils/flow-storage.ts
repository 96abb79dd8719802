/**
 * What the sign-up and sign-in flows keep in this tab's sessionStorage, so a reload does not lose
 * the user's place: the register draft (never the password), the resend cool-down per e-mail, and
 * the login-OTP challenge.
 */
const tab = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
};

const read = (key: string): unknown => {
  const raw = tab()?.getItem(key);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
};

const write = (key: string, value: unknown) => {
  try {
    tab()?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or private mode: the flow still works, it just does not survive a reload.
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// ── Register draft ─────────────────────────────────────────────────────────────────────────────

export const REGISTER_DRAFT_KEY = 'bubuh.registerDraft';

export type TRegisterValues = {
  type: 'personal' | 'company';
  name: string;
  email: string;
  phoneNumber: string;
  password: string;
  passwordConfirmation: string;
  companyName: string;
  noKTP: string;
  npwp: string;
  siup: string;
  tdp: string;
  bank: string;
  accountNumber: string;
};

/** The fields that are kept across a reload: everything but the password and its confirmation. */
export const DRAFT_FIELDS = [
  'name',
  'email',
  'phoneNumber',
  'companyName',
  'noKTP',
  'npwp',
  'siup',
  'tdp',
  'bank',
  'accountNumber',
] as const satisfies readonly (keyof TRegisterValues)[];

export const EMPTY_REGISTER_VALUES: TRegisterValues = {
  type: 'personal',
  name: '',
  email: '',
  phoneNumber: '',
  password: '',
  passwordConfirmation: '',
  companyName: '',
  noKTP: '',
  npwp: '',
  siup: '',
  tdp: '',
  bank: '',
  accountNumber: '',
};

export type TRegisterDraft = { step: number; values: TRegisterValues };

export const saveRegisterDraft = (step: number, values: TRegisterValues): void => {
  const kept: Record<string, string | number> = { type: values.type, step };
  for (const field of DRAFT_FIELDS) kept[field] = values[field];
  write(REGISTER_DRAFT_KEY, kept);
};

/** The stored draft with empty password fields, or null when there is none. */
export const loadRegisterDraft = (): TRegisterDraft | null => {
  const stored = read(REGISTER_DRAFT_KEY);
  if (!isRecord(stored)) return null;
  const values: TRegisterValues = {
    ...EMPTY_REGISTER_VALUES,
    type: stored.type === 'company' ? 'company' : 'personal',
  };
  for (const field of DRAFT_FIELDS) {
    const value = stored[field];
    if (typeof value === 'string') values[field] = value;
  }
  const step = typeof stored.step === 'number' && stored.step >= 0 ? Math.floor(stored.step) : 0;
  return { step, values };
};

export const clearRegisterDraft = (): void => {
  tab()?.removeItem(REGISTER_DRAFT_KEY);
};

// ── Resend cool-down ───────────────────────────────────────────────────────────────────────────

const RESEND_KEY = 'bubuh.otpResendAt';

/** When a new code may be asked for `email` (ms epoch); 0 when it may be asked now. */
export const resendAvailableAt = (email: string): number => {
  const stored = read(RESEND_KEY);
  if (!isRecord(stored)) return 0;
  const at = stored[email.trim().toLowerCase()];
  return typeof at === 'number' ? at : 0;
};

export const setResendCooldown = (email: string, seconds: number, now = Date.now()): void => {
  const stored = read(RESEND_KEY);
  const next = isRecord(stored) ? { ...stored } : {};
  next[email.trim().toLowerCase()] = now + Math.max(0, seconds) * 1000;
  write(RESEND_KEY, next);
};

// ── Login OTP challenge ────────────────────────────────────────────────────────────────────────

const CHALLENGE_KEY = 'bubuh.loginOtp';

export type TLoginChallenge = { otpToken: string; email: string; redirect: string | null };

export const isLoginChallenge = (value: unknown): value is TLoginChallenge =>
  isRecord(value) &&
  typeof value.otpToken === 'string' &&
  value.otpToken.length > 0 &&
  typeof value.email === 'string' &&
  (value.redirect === null || typeof value.redirect === 'string');

export const saveLoginChallenge = (challenge: TLoginChallenge): void =>
  write(CHALLENGE_KEY, challenge);

export const loadLoginChallenge = (): TLoginChallenge | null => {
  const stored = read(CHALLENGE_KEY);
  return isLoginChallenge(stored) ? stored : null;
};

export const clearLoginChallenge = (): void => {
  tab()?.removeItem(CHALLENGE_KEY);
};
