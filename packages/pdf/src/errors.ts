/**
 * Typed errors of the PDF engine.
 *
 * Every failure that callers can act on is a `PdfError` with a stable `code` and a short, human
 * message that can be shown to an end user as is. Anything unexpected thrown by a library is
 * wrapped into a `PdfError` (`BROKEN` for parse failures, `SIGNING_FAILED` for signer failures), so
 * callers never need to inspect foreign error types.
 */

export type PdfErrorCode =
  /** The bytes are not a PDF at all (no `%PDF-` header). */
  | 'NOT_PDF'
  /** The file ends early: no end-of-file marker / cross-reference pointer. */
  | 'TRUNCATED'
  /** The PDF structure is damaged (cross-reference table, catalog, page tree). */
  | 'BROKEN'
  /**
   * The PDF structure is damaged and the document already carries a signature: a repair (full
   * rewrite) would break it, so the file is refused instead of repaired.
   */
  | 'BROKEN_SIGNED'
  /** The PDF is encrypted / password protected. */
  | 'ENCRYPTED'
  /** The input exceeds the configured size limit. */
  | 'TOO_LARGE'
  /** The input exceeds a complexity limit (nesting, object count, decompression bomb, memory). */
  | 'TOO_COMPLEX'
  /** The operation did not finish within its time budget. */
  | 'TIMEOUT'
  /** A caller-supplied argument is invalid (rect, page, image, options). */
  | 'INVALID_ARGUMENT'
  /** An e-Meterai serial number does not match `[A-Z0-9]{22}`. */
  | 'INVALID_SERIAL'
  /** The document has no pages. */
  | 'NO_PAGES'
  /** A certificate or key could not be read. */
  | 'INVALID_CREDENTIAL'
  /** The signer (local key, KMS, remote provider) or the TSA failed. */
  | 'SIGNING_FAILED'
  /** A field with the requested name already exists (e.g. the serial was already stamped). */
  | 'FIELD_EXISTS'
  /** A feature of the input that the engine deliberately does not handle. */
  | 'UNSUPPORTED';

export const PDF_ERROR_CODES: readonly PdfErrorCode[] = [
  'NOT_PDF',
  'TRUNCATED',
  'BROKEN',
  'BROKEN_SIGNED',
  'ENCRYPTED',
  'TOO_LARGE',
  'TOO_COMPLEX',
  'TIMEOUT',
  'INVALID_ARGUMENT',
  'INVALID_SERIAL',
  'NO_PAGES',
  'INVALID_CREDENTIAL',
  'SIGNING_FAILED',
  'FIELD_EXISTS',
  'UNSUPPORTED',
];

export class PdfError extends Error {
  readonly code: PdfErrorCode;
  /** Technical detail for logs (never needed to show to users). */
  readonly detail: string | undefined;

  constructor(code: PdfErrorCode, message: string, detail?: string) {
    super(message);
    this.name = 'PdfError';
    this.code = code;
    this.detail = detail;
  }
}

export function isPdfError(value: unknown): value is PdfError {
  return value instanceof PdfError;
}

/** A structured-cloneable form of a `PdfError`, for crossing worker-thread boundaries. */
export type SerializedPdfError = {
  name: 'PdfError';
  code: PdfErrorCode;
  message: string;
  detail?: string;
};

export function serializePdfError(error: PdfError): SerializedPdfError {
  const out: SerializedPdfError = { name: 'PdfError', code: error.code, message: error.message };
  if (error.detail !== undefined) out.detail = error.detail;
  return out;
}

export function isSerializedPdfError(value: unknown): value is SerializedPdfError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.name === 'PdfError' &&
    typeof v.message === 'string' &&
    typeof v.code === 'string' &&
    (PDF_ERROR_CODES as readonly string[]).includes(v.code)
  );
}

/**
 * Turn anything thrown (a `PdfError`, its serialized form from a worker, a worker out-of-memory
 * error, a library error) into a `PdfError`. `fallback` is the code used for unknown errors.
 */
export function toPdfError(error: unknown, fallback: PdfErrorCode = 'BROKEN'): PdfError {
  if (error instanceof PdfError) return error;
  if (isSerializedPdfError(error)) return new PdfError(error.code, error.message, error.detail);
  const detail = error instanceof Error ? error.message : String(error);
  const code =
    typeof error === 'object' && error !== null && 'code' in error
      ? (error as { code: unknown }).code
      : undefined;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new PdfError('TOO_COMPLEX', 'The PDF needs too much memory to process.', detail);
  }
  if (error instanceof RangeError && /call stack/i.test(detail)) {
    return new PdfError('TOO_COMPLEX', 'The PDF structure is nested too deeply.', detail);
  }
  return new PdfError(fallback, messageFor(fallback), detail);
}

export function messageFor(code: PdfErrorCode): string {
  switch (code) {
    case 'NOT_PDF':
      return 'The file is not a PDF document.';
    case 'TRUNCATED':
      return 'The PDF file is incomplete (it ends early); upload the complete file again.';
    case 'BROKEN':
      return 'The PDF file is damaged and cannot be read; re-save it (e.g. "Print to PDF") and try again.';
    case 'BROKEN_SIGNED':
      return 'The PDF file is damaged and already signed; it cannot be repaired without breaking the signature. Ask the signer for an intact copy.';
    case 'ENCRYPTED':
      return 'The PDF is password protected; remove the password and upload it again.';
    case 'TOO_LARGE':
      return 'The PDF file is too large.';
    case 'TOO_COMPLEX':
      return 'The PDF is too complex to process safely.';
    case 'TIMEOUT':
      return 'Processing the PDF took too long.';
    case 'INVALID_ARGUMENT':
      return 'Invalid argument.';
    case 'INVALID_SERIAL':
      return 'The e-Meterai serial number must be 22 characters A-Z or 0-9.';
    case 'NO_PAGES':
      return 'The PDF has no pages.';
    case 'INVALID_CREDENTIAL':
      return 'The signing key or certificate cannot be read.';
    case 'SIGNING_FAILED':
      return 'Signing the document failed.';
    case 'FIELD_EXISTS':
      return 'The document already has a signature field with this name.';
    case 'UNSUPPORTED':
      return 'This kind of PDF is not supported.';
  }
}
