import { ERROR_CODES, type TErrorCode } from '@bubuh/contracts';

/**
 * The one error type of the API. Services throw it; the error handler turns it into the wire
 * shape `{ message, errors: { status, ...fields } }` with the HTTP status of its code.
 */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly statusCode: number;
  readonly fields: Record<string, unknown>;

  constructor(code: TErrorCode, message: string, fields: Record<string, unknown> = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_CODES[code];
    this.fields = fields;
  }

  static notFound(what = 'Data'): AppError {
    return new AppError('NOT_FOUND', `${what} not found`);
  }

  static forbidden(message = 'You are not allowed to do this'): AppError {
    return new AppError('FORBIDDEN', message);
  }
}

/** `row` when a lookup found it; otherwise a 404 naming `what` (another company's row too). */
export const foundOr404 = <T>(row: T | undefined, what: string): T => {
  if (row === undefined) throw AppError.notFound(what);
  return row;
};
