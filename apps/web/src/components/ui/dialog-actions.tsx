import { Button, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';

type TDialogActionsProps = {
  error?: ReactNode;
  /** `data-testid` of the refusal. */
  errorTestId?: string;
  /** The action is running: Cancel is disabled. */
  loading?: boolean;
  onCancel: () => void;
  /** Cancel's text; "Cancel" of the master screens when absent. */
  cancelLabel?: ReactNode;
  gap?: MantineSpacing;
  /** The submit button. */
  children: ReactNode;
};

/**
 * The foot of a dialog or form modal: the server's refusal (if any), then Cancel and the dialog's
 * own button(s).
 */
export const DialogActions = ({
  error = null,
  errorTestId,
  loading = false,
  onCancel,
  cancelLabel,
  gap,
  children,
}: TDialogActionsProps) => {
  const { t } = useTranslation();
  return (
    <>
      {error ? <ErrorAlert testId={errorTestId}>{error}</ErrorAlert> : null}
      <Group justify="flex-end" gap={gap}>
        <Button variant="default" onClick={onCancel} disabled={loading}>
          {cancelLabel ?? t('master.actions.cancel')}
        </Button>
        {children}
      </Group>
    </>
  );
};
