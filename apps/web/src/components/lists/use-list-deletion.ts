import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/api-errors';
import { notifySuccess } from '@/lib/notify';
import { useDeleteConfirm } from '@/lib/use-row-dialogs';

type TListDeletionOptions<T, V, A> = Omit<
  Parameters<typeof useDeleteConfirm<T, V, A>>[0],
  'onDeleted' | 'errorText'
> & {
  /** The success toast, or what to do with the answer instead. */
  deleted: string | ((answer: A) => void);
  /** How a failure reads in the dialog: the server's message unless told otherwise. */
  errorText?: (error: unknown) => string;
  /** The confirmation's title and its body for the row. */
  title: string;
  body: (row: T) => string;
};

/**
 * A list's row deletion: `useDeleteConfirm` with a success toast and the server's message on
 * failure, plus the confirmation's title and body. `ask(row)` opens it; the whole result is
 * `ListPage`'s `deletion`.
 */
export const useListDeletion = <T, V, A>({
  deleted,
  errorText,
  title,
  body,
  ...confirm
}: TListDeletionOptions<T, V, A>) => {
  const { t } = useTranslation();
  const state = useDeleteConfirm<T, V, A>({
    ...confirm,
    onDeleted: typeof deleted === 'string' ? () => notifySuccess(deleted) : deleted,
    errorText: errorText ?? ((error) => serverMessage(error, t)),
  });
  return { state, ask: state.ask, title, body };
};
