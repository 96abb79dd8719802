import type { TDocument } from '@bubuh/contracts';
import { isApiError } from './api-client';

/**
 * The API refuses the first signature or e-Meterai of a document with JavaScript until someone
 * confirms it (409 with `errors.javascript`; apps/api modules/documents/javascript-policy.ts).
 */
export const isJavaScriptRefusal = (error: unknown): boolean =>
  isApiError(error) && error.status === 409 && typeof error.errors.javascript === 'string';

/** The document carries JavaScript nobody has confirmed yet: ask before signing or stamping. */
export const needsJavaScriptAck = (doc: Pick<TDocument, 'javascript'> | undefined): boolean =>
  doc !== undefined && doc.javascript.count > 0 && doc.javascript.acknowledged_at === null;
