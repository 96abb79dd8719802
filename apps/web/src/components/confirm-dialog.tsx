import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';

type TConfirmDialogProps = {
  opened: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  loading?: boolean;
  /** Why the last attempt failed (shown in the dialog). */
  error?: string | null;
  testId?: string;
};

/** "Are you sure?" before a destructive action; the dialog stays open to show a refusal. */
export const ConfirmDialog = ({
  opened,
  title,
  body,
  confirmLabel,
  onConfirm,
  onClose,
  loading = false,
  error,
  testId = 'confirm-dialog',
}: TConfirmDialogProps) => {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered radius="lg">
      <Stack gap="md" data-testid={testId}>
        <Text fz="sm">{body}</Text>
        {error ? <ErrorAlert testId={`${testId}-error`}>{error}</ErrorAlert> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {t('master.actions.cancel')}
          </Button>
          <Button
            color="red"
            onClick={onConfirm}
            loading={loading}
            data-testid={`${testId}-confirm`}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
