import { Button, type ModalProps, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogModal } from '@/components/forms/dialog-modal';
import { DialogActions } from '@/components/ui/dialog-actions';
import { statusMessage } from '@/lib/api-errors';

type TFormModalProps = {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalProps['size'];
  /** The form's submit handler (`form.onSubmit(...)` of @mantine/form). */
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The save is running: the submit button spins, cancel is disabled. */
  pending?: boolean;
  /** The server's refusal, shown above the buttons. */
  error?: ReactNode;
  /** Or the save mutation itself: its progress, and its refusal as `errorText` reads it. */
  save?: { isPending: boolean; error: unknown };
  errorText?: (error: unknown) => string;
  /** The submit button's text; "Save" when absent. */
  submitLabel?: ReactNode;
  /** Test ids: `<testId>` on the form, `<testId>-error`, and `<submitTestId>` on the button. */
  testId: string;
  submitTestId: string;
  children: ReactNode;
};

/**
 * The dialog every create/edit form uses: a @mantine/form form in a centered modal, the fields,
 * the server error, and Cancel / Save. Validation stays with the form (`useForm`, rules from the
 * contracts' zod schemas); this only draws the frame.
 */
export const FormModal = ({
  opened,
  onClose,
  title,
  size,
  onSubmit,
  save,
  errorText,
  pending = save?.isPending ?? false,
  error,
  submitLabel,
  testId,
  submitTestId,
  children,
}: TFormModalProps) => {
  const { t } = useTranslation();
  const refusal =
    error ?? (save?.error ? (errorText ?? ((e) => statusMessage(e, t)))(save.error) : null);
  return (
    <DialogModal opened={opened} onClose={onClose} title={title} size={size}>
      <form onSubmit={onSubmit} noValidate data-testid={testId}>
        <Stack gap="md">
          {children}
          <DialogActions
            error={refusal}
            errorTestId={`${testId}-error`}
            loading={pending}
            onCancel={onClose}
            gap="sm"
          >
            <Button type="submit" loading={pending} data-testid={submitTestId}>
              {submitLabel ?? t('master.actions.save')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </DialogModal>
  );
};
