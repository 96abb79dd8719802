import { formatDateTime, type TAuditEvent, type TDocument } from '@bubuh/contracts';
import { Alert, Button, Loader, Stack, Text, Timeline } from '@mantine/core';
import { IconCertificate, IconHistory } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusMessage } from '@/lib/api-errors';
import { notifyError } from '@/lib/notify';
import { downloadCertificate, useDocumentHistory } from '../api/history';

/** Details worth a line under an event (the rest is in the certificate). */
const SHOWN_DETAILS = ['to', 'signers', 'serial', 'reason'] as const;

const eventLines = (t: TFunction, event: TAuditEvent): string[] => {
  const who =
    event.actor_kind === 'system'
      ? t('stamping.history.system')
      : t('stamping.history.by', { name: event.actor_name ?? '-' });
  const details = SHOWN_DETAILS.flatMap((key) => {
    const value = event.details[key];
    return value ? [t(`stamping.history.detail.${key}`, { value })] : [];
  });
  return [
    `${formatDateTime(event.at)} · ${who}`,
    ...details,
    ...(event.ip_address ? [t('stamping.history.from', { ip: event.ip_address })] : []),
  ];
};

/**
 * The document's audit trail as a timeline (who, when, from where) and its sealed completion
 * certificate, for the owner to hand an auditor beside the document.
 */
export const DocumentHistory = ({ doc }: { doc: TDocument }) => {
  const { t } = useTranslation();
  const history = useDocumentHistory(doc.document_id);
  const [saving, setSaving] = useState(false);
  const saveCertificate = async () => {
    setSaving(true);
    try {
      await downloadCertificate(doc);
    } catch {
      notifyError(t('stamping.download.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="xs" data-testid="details-history">
      <Text fw={600} fz="sm">
        {t('stamping.history.title')}
      </Text>
      {history.isPending ? <Loader size="sm" /> : null}
      {history.error ? (
        <Alert color="red" variant="light" role="alert">
          {statusMessage(history.error, t)}
        </Alert>
      ) : null}
      {history.data?.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('stamping.history.empty')}
        </Text>
      ) : null}
      {history.data?.length ? (
        <Timeline bulletSize={18} lineWidth={1} active={history.data.length - 1}>
          {history.data.map((event) => (
            <Timeline.Item
              key={event.id}
              bullet={<IconHistory size={11} />}
              title={t(`stamping.history.events.${event.type}`)}
              data-testid={`history-${event.type}`}
            >
              {eventLines(t, event).map((line) => (
                <Text key={line} fz="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                  {line}
                </Text>
              ))}
            </Timeline.Item>
          ))}
        </Timeline>
      ) : null}
      <Text fz="xs" c="dimmed">
        {t('stamping.history.certificateHint')}
      </Text>
      <div>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconCertificate size={16} />}
          loading={saving}
          onClick={saveCertificate}
          data-testid="details-certificate"
        >
          {t('stamping.history.certificate')}
        </Button>
      </div>
    </Stack>
  );
};
