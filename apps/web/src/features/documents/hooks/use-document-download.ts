import type { TDocument } from '@bubuh/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '@/lib/notify';
import { downloadDocument } from '../api/download';

/** Download with a busy flag per document; a failure shows spec §8's alert. */
export const useDocumentDownload = () => {
  const { t } = useTranslation();
  const [busyId, setBusyId] = useState<number | null>(null);
  const download = async (doc: TDocument) => {
    setBusyId(doc.document_id);
    try {
      await downloadDocument(doc);
    } catch {
      notifyError(t('stamping.download.failed'));
    } finally {
      setBusyId(null);
    }
  };
  return { download, busyId };
};
