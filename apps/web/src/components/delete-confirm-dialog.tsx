import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { TDeleteDialog } from '@/lib/use-row-dialogs';

type TDeleteConfirmDialogProps<T> = {
  /** The list's `useDeleteConfirm` result: which row, and the dialog's state and handlers. */
  deletion: { deleting: T | null; dialog: TDeleteDialog };
  /** `data-testid` of the dialog (`-confirm`, `-error` are added for its parts). */
  testId: string;
  title: string;
  /** The body for the row being deleted (e.g. "Delete “{{name}}”?"). */
  body: (row: T) => string;
};

/** A list row's delete confirmation: the kit's `ConfirmDialog` fed by `useDeleteConfirm`. */
export const DeleteConfirmDialog = <T,>({
  deletion,
  testId,
  title,
  body,
}: TDeleteConfirmDialogProps<T>) => {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      testId={testId}
      title={title}
      body={deletion.deleting ? body(deletion.deleting) : ''}
      confirmLabel={t('master.actions.delete')}
      {...deletion.dialog}
    />
  );
};
