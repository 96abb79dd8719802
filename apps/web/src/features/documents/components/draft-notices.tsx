import type { TDocument } from '@bubuh/contracts';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Why the document cannot (yet) be stamped, or what failed last time. */
export const DraftNotices = ({ doc }: { doc: TDocument }) => {
  const { t } = useTranslation();
  const signed = doc.signers.filter((signer) => signer.status === 'signed').length;
  return (
    <>
      {doc.status === 'stamp' ? (
        <Alert color="green" variant="light" data-testid="draft-already-stamped">
          {t('stamping.draft.alreadyStamped', { serial: doc.serial_number ?? '-' })}
        </Alert>
      ) : null}
      {doc.status === 'canceled' ? (
        <Alert color="gray" variant="light">
          {t('stamping.draft.canceled')}
        </Alert>
      ) : null}
      {doc.signing_status === 'stamping' ? (
        <Alert color="violet" variant="light">
          {t('stamping.draft.processing')}
        </Alert>
      ) : null}
      {doc.status === 'nostamp' && doc.signing_status === 'stopped' ? (
        <Alert color="orange" variant="light" data-testid="draft-signing-stopped">
          {t('stamping.draft.stopped')}
        </Alert>
      ) : null}
      {doc.status === 'nostamp' && doc.signing_status === 'signing' ? (
        <Alert color="blue" variant="light" data-testid="draft-waiting-signers">
          {t('stamping.draft.waitingSigners', { signed, total: doc.signers.length })}
        </Alert>
      ) : null}
      {doc.status === 'nostamp' && doc.last_error ? (
        <Alert color="red" variant="light" title={t('stamping.draft.lastError')}>
          {doc.last_error}
        </Alert>
      ) : null}
    </>
  );
};
