import { formatDateTime, signingProgressOf, type TDocument } from '@bubuh/contracts';
import { Button, Stack, Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { isApiError } from '@/lib/api-client';
import { errorStatus, serverMessage } from '@/lib/api-errors';
import { notifySuccess } from '@/lib/notify';
import { useRemindSigner } from '../api/documents';

/** When a refused "remind now" says it is possible again (`errors.retry_at`), or null. */
const retryAtOf = (error: unknown): number | null => {
  if (!isApiError(error) || errorStatus(error) !== 'RATE_LIMITED') return null;
  const at = Date.parse(String(error.errors.retry_at ?? ''));
  return Number.isNaN(at) ? null : at;
};

/**
 * "Remind now" for whoever manages a document waiting for a signer: e-mails the signer whose
 * turn it is again. Disabled, with the time, until the server says another reminder is possible
 * (the document's `remind_again_at`, or a refusal's `retry_at`).
 */
export const RemindNowButton = ({ doc }: { doc: TDocument }) => {
  const { t } = useTranslation();
  const remind = useRemindSigner();
  const name = signingProgressOf(doc).waitingFor ?? '-';
  const refusedUntil = retryAtOf(remind.error);
  const given = doc.remind_again_at ? Date.parse(doc.remind_again_at) : null;
  const againAt = Math.max(given ?? 0, refusedUntil ?? 0) || null;
  const [now, setNow] = useState(() => Date.now());
  // Enabled again by itself once the time has come.
  useEffect(() => {
    if (againAt === null || againAt <= Date.now()) return;
    const timer = setTimeout(() => setNow(Date.now()), againAt - Date.now() + 500);
    return () => clearTimeout(timer);
  }, [againAt]);
  const waiting = againAt !== null && againAt > now;
  const otherError = remind.error && refusedUntil === null ? remind.error : null;

  return (
    <Stack gap={4} mt="sm" data-testid="details-remind">
      <div>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconBellRinging size={16} />}
          loading={remind.isPending}
          disabled={waiting}
          onClick={() =>
            remind.mutate(
              { body: { document_id: doc.document_id } },
              { onSuccess: () => notifySuccess(t('stamping.details.reminded', { name })) },
            )
          }
          data-testid="details-remind-now"
        >
          {t('stamping.details.remind')}
        </Button>
      </div>
      <Text fz="xs" c="dimmed" data-testid="details-remind-hint">
        {waiting && againAt !== null
          ? t('stamping.details.remindAgainAt', { time: formatDateTime(againAt) })
          : t('stamping.details.remindHelp', { name })}
      </Text>
      {otherError ? <ErrorAlert>{serverMessage(otherError, t)}</ErrorAlert> : null}
    </Stack>
  );
};
