import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { safeEqualHex } from '../../lib/tokens.ts';
import * as repo from './auth.repository.ts';

/**
 * The OTP rules shared by registration and login-OTP: single use, expiring, `maxAttempts` wrong
 * tries lock the code; a right code is consumed once (a parallel second use fails).
 */
export const checkOtpCode = async (
  db: TDb,
  otp: repo.TOtpRow | undefined,
  code: string,
  otpHash: (userId: number, code: string) => string,
  maxAttempts: number,
) => {
  if (!otp)
    throw new AppError('BAD_REQUEST', 'The code is invalid. Request a new one.', {
      otp: 'invalid',
    });
  if (otp.consumedAt)
    throw new AppError('BAD_REQUEST', 'This code has already been used. Request a new one.', {
      otp: 'used',
    });
  if (otp.expiresAt.getTime() <= Date.now()) {
    throw new AppError('BAD_REQUEST', 'This code has expired. Request a new one.', {
      otp: 'expired',
    });
  }
  if (otp.attempts >= maxAttempts) {
    throw new AppError('RATE_LIMITED', 'Too many wrong codes. Request a new one.', {
      otp: 'locked',
    });
  }
  if (!safeEqualHex(otp.codeHash, otpHash(otp.userId, code))) {
    const attempts = await repo.addOtpAttempt(db, otp.id);
    const left = Math.max(0, maxAttempts - attempts);
    if (left === 0)
      throw new AppError('RATE_LIMITED', 'Too many wrong codes. Request a new one.', {
        otp: 'locked',
      });
    throw new AppError('BAD_REQUEST', `Wrong code. ${left} ${left === 1 ? 'try' : 'tries'} left.`, {
      otp: 'wrong',
      attemptsLeft: left,
    });
  }
  if (!(await repo.consumeOtp(db, otp.id))) {
    throw new AppError('BAD_REQUEST', 'This code has already been used. Request a new one.', {
      otp: 'used',
    });
  }
};
