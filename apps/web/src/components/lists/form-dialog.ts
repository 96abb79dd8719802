import type { TFunction } from 'i18next';
import { type ReactNode, useEffect } from 'react';
import { errorFields, statusMessage } from '@/lib/api-errors';
import { notifySuccess } from '@/lib/notify';

/** What the add/edit dialogs need of their @mantine/form form. */
type TDialogForm<V> = {
  setValues: (values: V) => void;
  resetDirty: () => void;
  clearErrors: () => void;
  setFieldError: (path: string, error: ReactNode) => void;
};

/**
 * Fills a list's add/edit dialog each time it opens (or its record changes): `values()` (null:
 * nothing to show), nothing dirty, no field errors, the last save's refusal forgotten.
 */
export const useDialogFill = <V>(
  opened: boolean,
  record: unknown,
  form: TDialogForm<V>,
  save: { reset: () => void },
  values: () => V | null,
) => {
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when the dialog opens.
  useEffect(() => {
    if (!opened) return;
    const next = values();
    if (next === null) return;
    form.setValues(next);
    form.resetDirty();
    form.clearErrors();
    save.reset();
  }, [opened, record]);
};

/**
 * The save handlers of an add/edit dialog: on success the "added" or "updated" toast for the
 * `entity` (a locale key) and `onClose()`; on failure the refusal (`text`, the status message by
 * default) on each of `fields` the server names.
 */
export const dialogSaveHandlers = <V>({
  t,
  entity,
  isNew,
  onClose,
  form,
  fields,
  text = (error) => statusMessage(error, t),
}: {
  t: TFunction;
  entity: string;
  isNew: boolean;
  onClose: () => void;
  form: TDialogForm<V>;
  fields: readonly string[];
  text?: (error: unknown) => string;
}) => ({
  onSuccess: () => {
    const name = t(entity);
    notifySuccess(
      isNew ? t('master.toast.add', { entity: name }) : t('master.toast.update', { entity: name }),
    );
    onClose();
  },
  onError: (error: unknown) => {
    for (const field of errorFields(error)) {
      if (fields.includes(field)) form.setFieldError(field, text(error));
    }
  },
});
