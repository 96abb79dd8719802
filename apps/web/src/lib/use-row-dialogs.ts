import { useState } from 'react';

/**
 * The add/edit dialog of a list: which row it edits (`null`: a new one) and whether it is open.
 * The edited row stays set while the dialog closes, so its content does not change mid-animation.
 */
export const useFormDialog = <T>() => {
  const [editing, setEditing] = useState<T | null>(null);
  const [opened, setOpened] = useState(false);
  return {
    editing,
    opened,
    open: (row: T | null) => {
      setEditing(row);
      setOpened(true);
    },
    close: () => setOpened(false),
  };
};

/**
 * What `useDeleteConfirm` needs of a delete mutation (TanStack Query's `useMutation` result);
 * `V` is what the mutation takes (an id, or an endpoint call's `{ params }`).
 */
type TDeleteMutation<V, A> = {
  mutate: (variables: V, options: { onSuccess: (answer: A) => void }) => void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
};

/** The open, loading, error, confirm and close props of the delete `ConfirmDialog`. */
export type TDeleteDialog = {
  opened: boolean;
  loading: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * A row's delete confirmation: `ask(row)` opens it (clearing the last error); `dialog` holds the
 * open, loading, error, confirm and close props of `ConfirmDialog`. On success `onDeleted` runs
 * (e.g. a toast) and the dialog closes; on failure it stays open with the error.
 */
export const useDeleteConfirm = <T, V, A>({
  remove,
  idOf,
  onDeleted,
  errorText,
}: {
  remove: TDeleteMutation<V, A>;
  /** The mutation's variables for a row. */
  idOf: (row: T) => V;
  onDeleted: (answer: A) => void;
  errorText: (error: unknown) => string;
}) => {
  const [deleting, setDeleting] = useState<T | null>(null);
  const dialog: TDeleteDialog = {
    opened: deleting !== null,
    loading: remove.isPending,
    error: remove.error ? errorText(remove.error) : null,
    onConfirm: () => {
      if (!deleting) return;
      remove.mutate(idOf(deleting), {
        onSuccess: (answer) => {
          onDeleted(answer);
          setDeleting(null);
        },
      });
    },
    onClose: () => setDeleting(null),
  };
  return {
    deleting,
    ask: (row: T) => {
      remove.reset();
      setDeleting(row);
    },
    dialog,
  };
};
