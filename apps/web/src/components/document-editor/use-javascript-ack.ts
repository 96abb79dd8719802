import type { TDocument } from '@bubuh/contracts';
import { useState } from 'react';
import { isJavaScriptRefusal, needsJavaScriptAck } from '@/lib/javascript-ack';

/**
 * The JavaScript confirmation of a signature or stamp: asked when the document carries scripts
 * nobody confirmed, or when the server refused the call for them. `body` goes into the request.
 */
export const useJavaScriptAck = (
  doc: Pick<TDocument, 'javascript'> | undefined,
  error: unknown,
) => {
  const [checked, setChecked] = useState(false);
  const refused = isJavaScriptRefusal(error);
  const asked = refused || needsJavaScriptAck(doc);
  return {
    asked,
    checked,
    /** Props of `JavaScriptAck` (and of the stamp dialog's `javascript`), null when not asked. */
    prompt: asked ? { count: doc?.javascript.count ?? 0, checked, onChange: setChecked } : null,
    body: asked && checked ? { acknowledge_javascript: true } : {},
    /** The error to show: a JavaScript refusal is shown as the prompt instead. */
    error: refused ? null : error,
  };
};
