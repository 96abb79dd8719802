import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** URL-safe random token with `bytes` of entropy. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Tokens and OTPs are stored as SHA-256 hex: enough for high-entropy or attempt-limited secrets. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const safeEqualHex = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/** Six-digit OTP from the CSPRNG, zero-padded. */
export const newOtpCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
