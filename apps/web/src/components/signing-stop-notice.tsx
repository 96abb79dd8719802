import { formatDateTime, type TDocument } from '@bubuh/contracts';
import { Alert, Stack, Text } from '@mantine/core';
import { IconHandStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Why a document's signing round stopped (its wire `stopped`): who declined and why, or that the
 * deadline passed; `managing` adds what the owner can do next. Shown on the signing page and in
 * the details drawer; nothing for a round that did not stop.
 */
export const SigningStopNotice = ({ doc, managing }: { doc: TDocument; managing: boolean }) => {
  const { t } = useTranslation();
  const stop = doc.stopped;
  if (!stop) return null;
  const declined = stop.reason === 'declined';
  const title = declined
    ? stop.by_name
      ? t('stamping.stop.declinedTitle', { name: stop.by_name })
      : t('stamping.stop.declinedSomeone')
    : t('stamping.stop.expiredTitle');
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconHandStop size={18} />}
      title={title}
      data-testid="signing-stopped"
      data-reason={stop.reason}
    >
      <Stack gap={4}>
        {declined ? (
          <Text fz="sm" style={{ wordBreak: 'break-word' }} data-testid="signing-stopped-reason">
            {t('stamping.stop.reason', { reason: stop.note ?? '-' })}
          </Text>
        ) : (
          <Text fz="sm">
            {t('stamping.stop.expiredBody', {
              date: doc.deadline_at ? formatDateTime(doc.deadline_at) : '-',
            })}
          </Text>
        )}
        <Text fz="xs" c="dimmed">
          {t('stamping.stop.at', { date: formatDateTime(stop.at) })}
        </Text>
        {managing ? <Text fz="sm">{t('stamping.stop.ownerNext')}</Text> : null}
      </Stack>
    </Alert>
  );
};
