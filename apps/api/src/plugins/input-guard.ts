import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** The path of the first string holding a NUL byte in `value` (`name`, `users.0.email`), or null. */
const nulPath = (value: unknown, at: string, depth = 0): string | null => {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulPath(inner, at ? `${at}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
};

/**
 * Rules every route's input follows, decided once before any schema or handler sees it:
 * no text field, path or query parameter may hold a NUL byte (PostgreSQL cannot store one in
 * text, and no name, search or code needs it). The 400 names the field. Multipart text fields
 * follow the same rule in `textField` (lib/uploads.ts).
 */
export const registerInputGuard = (app: FastifyInstance): void => {
  app.addHook('preValidation', async (request) => {
    const field =
      nulPath(request.params, '') ?? nulPath(request.query, '') ?? nulPath(request.body, '');
    if (field !== null) {
      const name = field || 'body';
      throw new AppError('VALIDATION_FAILED', `${name}: must not contain NUL bytes`, {
        [name]: 'must not contain NUL bytes',
      });
    }
  });
};
