import type { TFunction } from 'i18next';
import { isApiError } from './api-client';

/**
 * How forms show a failed call (spec §8). Most forms show the server's `errors.status` (as a
 * translated sentence) and mark the fields it names; quota transfer and return, department delete,
 * user add and child-user actions show the server's `message` as it is.
 */
const STATUS_KEYS = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
] as const;

/** The machine code of a failed call (`errors.status`), or null for a network failure. */
export const errorStatus = (error: unknown): string | null => {
  if (!isApiError(error) || error.isNetworkError) return null;
  return typeof error.errors.status === 'string' ? error.errors.status : null;
};

/** The server's `message`, for the screens the spec says show it. */
export const serverMessage = (error: unknown, t: TFunction): string => {
  if (isApiError(error)) {
    if (error.isNetworkError) return t('error.network');
    if (error.hasServerMessage && error.message) return error.message;
  }
  return t('error.generic');
};

/** `errors.status` as a sentence in the current language. */
export const statusMessage = (error: unknown, t: TFunction): string => {
  if (isApiError(error) && error.isNetworkError) return t('error.network');
  const status = errorStatus(error);
  if (status && (STATUS_KEYS as readonly string[]).includes(status)) {
    return t(`master.apiStatus.${status}`);
  }
  return status ? `${t('error.generic')} (${status})` : t('error.generic');
};

/** Field names the server flagged (every key of `errors` but status and requestId). */
export const errorFields = (error: unknown): string[] => {
  if (!isApiError(error)) return [];
  return Object.keys(error.errors).filter((key) => key !== 'status' && key !== 'requestId');
};
