import type { TDocument } from '@bubuh/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/api-errors';
import { useJavaScriptAck } from './use-javascript-ack';

/**
 * The last step before one e-Meterai is spent: the confirm dialog's state over the stamp
 * mutation, with the JavaScript confirmation. `dialog` is `StampConfirmModal`'s props but
 * `onConfirm` and `summary`; `javascript.body` goes into the stamp request.
 */
export const useStampConfirm = (
  doc: Pick<TDocument, 'javascript'> | undefined,
  stamp: { error: unknown; isPending: boolean; reset: () => void },
) => {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const javascript = useJavaScriptAck(doc, stamp.error);
  const close = () => setOpened(false);
  return {
    javascript,
    /** Opens the dialog, the last refusal forgotten. */
    open: () => {
      stamp.reset();
      setOpened(true);
    },
    close,
    dialog: {
      opened,
      onClose: close,
      loading: stamp.isPending,
      error: javascript.error ? serverMessage(javascript.error, t) : null,
      javascript: javascript.prompt,
    },
  };
};
