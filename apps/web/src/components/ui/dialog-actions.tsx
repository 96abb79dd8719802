import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';

/** The foot of a dialog: the server's refusal (if any), then Cancel and the dialog's own button. */
export const DialogActions = ({
  error,
  loading,
  onCancel,
  children,
}: {
  error: ReactNode;
  /** The action is running: Cancel is disabled. */
  loading: boolean;
  onCancel: () => void;
  /** The submit button. */
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  return (
    <>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          {t('master.actions.cancel')}
        </Button>
        {children}
      </Group>
    </>
  );
};
