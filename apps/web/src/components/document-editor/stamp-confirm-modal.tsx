import { formatIDR, METERAI_FACE_VALUE_IDR } from '@bubuh/contracts';
import { Button, Stack, Table, Text } from '@mantine/core';
import { IconRubberStamp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DialogModal } from '@/components/forms/dialog-modal';
import { DialogActions } from '@/components/ui/dialog-actions';
import { JavaScriptAck } from './javascript-ack';

type TStampConfirmModalProps = {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  loading: boolean;
  /** The server's refusal as it is (quota, already stamped, provider failure). */
  error: string | null;
  summary: { fileName: string; page: number | null; docType: string; docValue: number | null };
  /** The document has unconfirmed JavaScript (or the stamp was refused for it): ask first. */
  javascript?: { count: number; checked: boolean; onChange: (checked: boolean) => void } | null;
};

/** The last look before one e-Meterai is spent: a stamped document is final. */
export const StampConfirmModal = ({
  opened,
  onClose,
  onConfirm,
  loading,
  error,
  summary,
  javascript = null,
}: TStampConfirmModalProps) => {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('stamping.confirm.file'), summary.fileName],
    ...(summary.page !== null
      ? ([[t('stamping.confirm.page'), String(summary.page)]] as [string, string][])
      : []),
    [t('stamping.confirm.docType'), summary.docType],
    [
      t('stamping.confirm.docValue'),
      summary.docValue !== null ? formatIDR(summary.docValue) : t('stamping.confirm.noValue'),
    ],
    [t('stamping.confirm.duty'), formatIDR(METERAI_FACE_VALUE_IDR)],
  ];
  return (
    <DialogModal
      opened={opened}
      onClose={loading ? () => undefined : onClose}
      title={t('stamping.confirm.title')}
    >
      <Stack gap="md" data-testid="stamp-confirm">
        <Text fz="sm">{t('stamping.confirm.body')}</Text>
        <Table withRowBorders={false} verticalSpacing={4} fz="sm">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Td c="dimmed" w="40%">
                  {label}
                </Table.Td>
                <Table.Td fw={500} style={{ wordBreak: 'break-word' }}>
                  {value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text fz="xs" c="dimmed">
          {t('stamping.confirm.final')}
        </Text>
        {javascript ? <JavaScriptAck {...javascript} /> : null}
        <DialogActions
          error={error}
          errorTestId="stamp-error"
          loading={loading}
          onCancel={onClose}
          cancelLabel={t('stamping.actions.cancel')}
          gap="sm"
        >
          <Button
            leftSection={<IconRubberStamp size={16} />}
            onClick={onConfirm}
            loading={loading}
            disabled={javascript !== null && !javascript.checked}
            data-testid="stamp-confirm-submit"
          >
            {t('stamping.confirm.submit')}
          </Button>
        </DialogActions>
      </Stack>
    </DialogModal>
  );
};
