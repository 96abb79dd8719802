import { createHmac, randomUUID } from 'node:crypto';
import { isIPv6 } from 'node:net';
import {
  abilitiesFor,
  normalizeIndonesianMobile,
  normalizeNpwp,
  type TRegisterRequest,
  type TSession,
  type TUserData,
} from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newEmetId } from '../../lib/ids.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { newOtpCode, randomToken, sha256 } from '../../lib/tokens.ts';
import type { TMailer } from '../mail/index.ts';
import {
  alreadyRegisteredMail,
  otpMail,
  resetPasswordMail,
  type TMailLanguage,
} from '../mail/index.ts';
import * as repo from './auth.repository.ts';
import { checkOtpCode } from './auth-otp.ts';

export const AUTH_RULES = {
  otpTtlMs: 5 * 60_000,
  otpMaxAttempts: 5,
  otpResendCooldownMs: 60_000,
  /** Wrong passwords from one client address within `loginWindowMs` that lock that address out. */
  loginMaxFailures: 5,
  loginLockMs: 15 * 60_000,
  loginWindowMs: 15 * 60_000,
  /**
   * Wrong passwords from all addresses together within `loginWindowMs` after which a right
   * password asks for an e-mail code: no address is locked out, a distributed guess gets nowhere.
   */
  loginAccountFailures: 50,
  refreshTtlMs: 30 * 24 * 60 * 60_000,
  resetTtlMs: 30 * 60_000,
  resetCooldownMs: 60_000,
} as const;

export type TAuthDeps = {
  db: TDb;
  mailer: TMailer;
  publicUrl: string;
  signAccessToken: (claims: { sub: string; sid: string }) => string;
  /**
   * Server-side key for OTP hashes. A 6-digit code has only a million values, so a plain hash
   * would be reversed in a moment; an HMAC under a key kept apart from the OTP rows is not.
   */
  otpKey: string;
};

export type TClientMeta = { ip?: string; userAgent?: string };

/**
 * The client address wrong passwords count against (Fastify's `request.ip`: the TCP peer, or the
 * address TRUST_PROXY's proxies forward): an IPv4 address as it is (also when IPv4-mapped), an
 * IPv6 one by its /64, the network one subscriber is given.
 */
export const loginClientOf = (ip: string | undefined): string => {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return mapped;
  if (!isIPv6(ip)) return ip.slice(0, 64);
  // Written out in full ("::" expanded, the zone dropped), the first four groups.
  const [head = '', tail = ''] = (ip.split('%')[0] ?? ip).split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const missing = Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0');
  const prefix = [...front, ...missing, ...back]
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
  return `${prefix.join(':')}::/64`;
};

const LOGIN_FAILURES = {
  maxFailures: AUTH_RULES.loginMaxFailures,
  lockMs: AUTH_RULES.loginLockMs,
  windowMs: AUTH_RULES.loginWindowMs,
};

const FORGOT_MESSAGE = 'If the e-mail is registered, we have sent a link to reset the password.';

export const toUserData = ({
  user,
  companyName,
  departementName,
}: repo.TUserWithOrg): TUserData => ({
  id: user.id,
  role: user.role,
  user_type: user.userType,
  company_id: user.companyId,
  company_name: companyName,
  departement_id: user.departementId,
  departement_name: departementName,
  fullName: user.fullName,
  email: user.email,
  avatar: user.avatar,
  emet_id: user.emetId,
  is_parent: user.isParent,
});

// A real hash to verify against when the e-mail is unknown, so both paths take the same time.
let dummyHash: Promise<string> | undefined;
const timingDummy = () => {
  dummyHash ??= hashPassword(randomToken(12));
  return dummyHash;
};

export const createAuthService = (deps: TAuthDeps) => {
  const { db, mailer } = deps;
  const otpHash = (userId: number, code: string) =>
    createHmac('sha256', deps.otpKey).update(`${userId}:${code}`).digest('hex');

  const issueOtp = async (
    user: repo.TUserRow,
    purpose: 'register' | 'login',
    challengeHash: string | null = null,
  ) => {
    const code = newOtpCode();
    const expiresAt = new Date(Date.now() + AUTH_RULES.otpTtlMs);
    await repo.insertOtp(db, {
      userId: user.id,
      purpose,
      codeHash: otpHash(user.id, code),
      challengeHash,
      expiresAt,
    });
    await mailer.send(
      otpMail(purpose, user.language as TMailLanguage, user.email, user.fullName, code),
    );
    return expiresAt;
  };

  /** Shared OTP rules: single use, 5 minutes, 5 wrong tries lock the code. */
  const checkOtp = (otp: repo.TOtpRow | undefined, code: string) =>
    checkOtpCode(db, otp, code, otpHash, AUTH_RULES.otpMaxAttempts);

  const createSession = async (userId: number, meta: TClientMeta): Promise<TSession> => {
    const org = await repo.findUserWithOrg(db, userId);
    if (!org) throw AppError.notFound('User');
    const sessionId = randomUUID();
    const refreshToken = randomToken(32);
    await db.transaction(async (tx) => {
      await repo.insertSession(tx, {
        id: sessionId,
        userId,
        ip: meta.ip?.slice(0, 64) ?? null,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      });
      await repo.insertRefreshToken(tx, {
        sessionId,
        tokenHash: sha256(refreshToken),
        expiresAt: new Date(Date.now() + AUTH_RULES.refreshTtlMs),
      });
    });
    return {
      accessToken: deps.signAccessToken({ sub: String(userId), sid: sessionId }),
      refreshToken,
      userData: toUserData(org),
      ability: abilitiesFor(org.user.role, org.user.userType),
    };
  };

  return {
    register: async (draft: TRegisterRequest & { email: string }, language: TMailLanguage) => {
      const passwordHash = await hashPassword(draft.password);
      const existing = await repo.findUserByEmail(db, draft.email);
      if (existing?.emailVerifiedAt) {
        // The same answer as for a new address (no account enumeration); the owner is told by
        // e-mail, and no code exists, so the OTP step cannot pass for this address.
        if (!existing.deactivatedAt) {
          const base = deps.publicUrl.replace(/\/$/, '');
          await mailer.send(
            alreadyRegisteredMail(
              existing.language as TMailLanguage,
              existing.email,
              existing.fullName,
              `${base}/login`,
              `${base}/auth/forgot-password`,
            ),
          );
        }
        return {
          email: draft.email,
          otpExpiresAt: new Date(Date.now() + AUTH_RULES.otpTtlMs).toISOString(),
        };
      }
      const phone = normalizeIndonesianMobile(draft.phoneNumber);
      const company =
        draft.type === 'company'
          ? {
              name: draft.companyName ?? draft.name,
              npwp: draft.npwp ? normalizeNpwp(draft.npwp) : null,
              siup: draft.siup || null,
              tdp: draft.tdp || null,
              bank: draft.bank || null,
              accountNumber: draft.accountNumber || null,
            }
          : null;
      const account = {
        fullName: draft.name,
        phone,
        passwordHash,
        role: draft.type === 'company' ? ('admin-company' as const) : ('user' as const),
        userType: draft.type === 'company' ? ('company' as const) : ('personal' as const),
        nik: draft.noKTP ? draft.noKTP.replace(/\D/g, '') : null,
        isParent: draft.type === 'company',
        language,
      };
      const user = await db.transaction(async (tx) => {
        if (existing) {
          // An unfinished registration is replaced by the new draft, company data included.
          let companyId: number | null = null;
          if (company && existing.companyId !== null) {
            companyId = existing.companyId;
            await repo.updateCompany(tx, companyId, company);
          } else if (company) {
            companyId = await repo.insertCompany(tx, company);
          }
          await repo.updateUser(tx, existing.id, { ...account, companyId });
          if (!company && existing.companyId !== null) {
            await repo.deleteCompany(tx, existing.companyId);
          }
          return { ...existing, ...account, companyId };
        }
        const companyId = company ? await repo.insertCompany(tx, company) : null;
        return repo.insertUser(tx, {
          ...account,
          email: draft.email,
          companyId,
          emetId: newEmetId(),
        });
      });
      // Registering again while a code is fresh keeps that code: the resend cool-down holds.
      const last = existing ? await repo.latestOtp(db, user.id, 'register') : undefined;
      const fresh =
        last &&
        !last.consumedAt &&
        Date.now() - last.createdAt.getTime() < AUTH_RULES.otpResendCooldownMs;
      const otpExpiresAt = fresh ? last.expiresAt : await issueOtp(user, 'register');
      return { email: user.email, otpExpiresAt: otpExpiresAt.toISOString() };
    },

    verifyRegisterOtp: async (email: string, code: string) => {
      const user = await repo.findUserByEmail(db, email);
      // A verified address has no code to check: the same answer as an unknown one.
      if (!user || user.emailVerifiedAt)
        throw new AppError('BAD_REQUEST', 'The code is invalid. Request a new one.', {
          otp: 'invalid',
        });
      await checkOtp(await repo.latestOtp(db, user.id, 'register'), code);
      await repo.updateUser(db, user.id, { emailVerifiedAt: new Date() });
    },

    resendRegisterOtp: async (email: string) => {
      const user = await repo.findUserByEmail(db, email);
      const cooldown = Math.round(AUTH_RULES.otpResendCooldownMs / 1000);
      if (!user || user.emailVerifiedAt) {
        // Same answer whether or not the address is waiting for a code.
        return {
          otpExpiresAt: new Date(Date.now() + AUTH_RULES.otpTtlMs).toISOString(),
          retryAfterSeconds: cooldown,
        };
      }
      const last = await repo.latestOtp(db, user.id, 'register');
      const waitMs = last
        ? last.createdAt.getTime() + AUTH_RULES.otpResendCooldownMs - Date.now()
        : 0;
      if (waitMs > 0) {
        // Within the cool-down nothing is sent, and the answer is the one an unknown or verified
        // address gets: a 429 here would tell that a registration is pending for this address.
        return {
          otpExpiresAt: new Date(Date.now() + AUTH_RULES.otpTtlMs).toISOString(),
          retryAfterSeconds: cooldown,
        };
      }
      const expiresAt = await issueOtp(user, 'register');
      return { otpExpiresAt: expiresAt.toISOString(), retryAfterSeconds: cooldown };
    },

    login: async (email: string, password: string, meta: TClientMeta) => {
      const user = await repo.findUserByEmail(db, email);
      if (!user?.passwordHash) {
        await verifyPassword(await timingDummy(), password);
        throw new AppError('UNAUTHENTICATED', 'Wrong e-mail or password', {
          email: 'Wrong e-mail or password',
        });
      }
      // Failures count per account and client address: 5 lock that address only, so whoever
      // knows the e-mail address can lock out themselves, never the owner elsewhere.
      const client = loginClientOf(meta.ip);
      // A wrong password answers the same for every address, locked or not, known or not: only
      // the right password from a locked address learns about the lock (no account enumeration).
      if (!(await verifyPassword(user.passwordHash, password))) {
        await repo.recordFailedLogin(db, user.id, client, LOGIN_FAILURES);
        throw new AppError('UNAUTHENTICATED', 'Wrong e-mail or password', {
          email: 'Wrong e-mail or password',
        });
      }
      const failures = await repo.loginFailureState(db, user.id, client, LOGIN_FAILURES.windowMs);
      if (failures.lockedForSeconds !== null) {
        const minutes = Math.max(1, Math.ceil(failures.lockedForSeconds / 60));
        throw new AppError(
          'RATE_LIMITED',
          `Too many failed sign-ins. Try again in ${minutes} minutes.`,
          {
            retryAfterSeconds: minutes * 60,
          },
        );
      }
      if (failures.rows > 0) {
        await repo.clearFailedLogins(db, user.id, client, LOGIN_FAILURES.windowMs);
      }
      if (!user.emailVerifiedAt) {
        throw new AppError('FORBIDDEN', 'Verify your e-mail address first. We sent you a code.', {
          reason: 'EMAIL_NOT_VERIFIED',
        });
      }
      // Guessed at from many addresses: the right password is not enough, the mailbox decides.
      if (user.loginOtpEnabled || failures.accountFailures >= AUTH_RULES.loginAccountFailures) {
        const otpToken = randomToken(32);
        await issueOtp(user, 'login', sha256(otpToken));
        return { otpRequired: true as const, otpToken };
      }
      return createSession(user.id, meta);
    },

    verifyLoginOtp: async (otpToken: string, code: string, meta: TClientMeta) => {
      const otp = await repo.findOtpByChallenge(db, sha256(otpToken));
      await checkOtp(otp, code);
      if (!otp) throw new AppError('BAD_REQUEST', 'The code is invalid.');
      return createSession(otp.userId, meta);
    },

    refresh: async (refreshToken: string) => {
      const found = await repo.findRefreshToken(db, sha256(refreshToken));
      const expired = () =>
        new AppError('UNAUTHENTICATED', 'Your session has ended, please sign in again');
      if (!found || found.session.revokedAt) throw expired();
      if (found.token.rotatedAt) {
        // A rotated token used again: someone holds a copy. End the whole family.
        await repo.revokeSession(db, found.session.id, 'refresh-reuse');
        throw expired();
      }
      if (found.token.expiresAt.getTime() <= Date.now()) throw expired();
      const next = randomToken(32);
      const rotated = await db.transaction(async (tx) => {
        if (!(await repo.markRefreshTokenRotated(tx, found.token.id))) return false;
        await repo.insertRefreshToken(tx, {
          sessionId: found.session.id,
          tokenHash: sha256(next),
          expiresAt: new Date(Date.now() + AUTH_RULES.refreshTtlMs),
        });
        await repo.touchSession(tx, found.session.id);
        return true;
      });
      if (!rotated) {
        await repo.revokeSession(db, found.session.id, 'refresh-reuse');
        throw expired();
      }
      return {
        accessToken: deps.signAccessToken({
          sub: String(found.session.userId),
          sid: found.session.id,
        }),
        refreshToken: next,
      };
    },

    logout: async (sessionId: string | null, refreshToken: string | undefined) => {
      if (sessionId) await repo.revokeSession(db, sessionId, 'logout');
      if (refreshToken) {
        const found = await repo.findRefreshToken(db, sha256(refreshToken));
        if (found) await repo.revokeSession(db, found.session.id, 'logout');
      }
    },

    forgotPassword: async (email: string) => {
      const user = await repo.findUserByEmail(db, email);
      if (user && !user.deactivatedAt) {
        const last = await repo.latestPasswordReset(db, user.id);
        const recent = last && Date.now() - last.createdAt.getTime() < AUTH_RULES.resetCooldownMs;
        if (!recent) {
          const token = randomToken(32);
          await repo.insertPasswordReset(db, {
            userId: user.id,
            tokenHash: sha256(token),
            expiresAt: new Date(Date.now() + AUTH_RULES.resetTtlMs),
          });
          const link = `${deps.publicUrl.replace(/\/$/, '')}/auth/reset-password/${token}`;
          await mailer.send(
            resetPasswordMail(user.language as TMailLanguage, user.email, user.fullName, link),
          );
        }
      }
      return FORGOT_MESSAGE;
    },

    resetPassword: async (token: string, password: string) => {
      const userId = await repo.usePasswordReset(db, sha256(token));
      if (!userId) {
        throw new AppError(
          'BAD_REQUEST',
          'This reset link is invalid, used or expired. Ask for a new one.',
          {
            token: 'invalid',
          },
        );
      }
      await repo.updateUser(db, userId, { passwordHash: await hashPassword(password) });
      await repo.clearAllFailedLogins(db, userId);
      await repo.revokeAllSessions(db, userId, 'password-reset');
    },
  };
};

export type TAuthService = ReturnType<typeof createAuthService>;
