import { Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogModal } from '@/components/forms/dialog-modal';
import { IdentityFields } from '@/components/identity-fields';
import { DialogActions } from '@/components/ui/dialog-actions';
import { fieldErrorsOf, isApiError } from '@/lib/api-client';
import { identityRules } from '@/lib/validation';
import { useSetSignerIdentity } from '../api/signing';

export type TIdentity = { fullName: string; nik: string | null };

/**
 * The identity check of the first signature: 409 IDENTITY_REQUIRED (confirm), or 422
 * IDENTITY_INCOMPLETE (no valid NIK yet): both open the dialog with what the server holds.
 */
export const identityRequired = (error: unknown): TIdentity | null => {
  if (!isApiError(error) || (error.status !== 409 && error.status !== 422)) return null;
  const reason = error.errors.reason;
  if (reason !== 'IDENTITY_REQUIRED' && reason !== 'IDENTITY_INCOMPLETE') return null;
  const fullName = typeof error.errors.fullName === 'string' ? error.errors.fullName : '';
  const nik = typeof error.errors.nik === 'string' ? error.errors.nik : null;
  return { fullName, nik };
};

type TIdentityDialogProps = {
  /** The name and NIK the first signature's certificate will carry; null: closed. */
  identity: TIdentity | null;
  pending: boolean;
  onClose: () => void;
  /** Called once name and NIK are valid and stored: sign with identity_confirmed. */
  onConfirm: () => void;
};

/**
 * The first signature issues the user's certificate: they enter or correct their full legal name
 * and NIK (checked as at registration) here, and only then sign.
 */
export const IdentityDialog = ({ identity, pending, onClose, onConfirm }: TIdentityDialogProps) => {
  const { t } = useTranslation();
  const save = useSetSignerIdentity();
  const form = useForm({
    initialValues: { fullName: '', nik: '' },
    validate: identityRules(t),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled each time the dialog opens
  useEffect(() => {
    if (!identity) return;
    const values = { fullName: identity.fullName, nik: identity.nik ?? '' };
    form.setInitialValues(values);
    form.setValues(values);
    form.clearErrors();
    save.reset();
  }, [identity]);

  const submit = form.onSubmit((values) => {
    const fullName = values.fullName.trim();
    const nik = values.nik.replace(/\D/g, '');
    if (identity && fullName === identity.fullName && nik === identity.nik) {
      onConfirm();
      return;
    }
    save.mutate(
      { body: { fullName, nik } },
      {
        onSuccess: () => onConfirm(),
        onError: (error) => form.setErrors(fieldErrorsOf(error, ['fullName', 'nik'])),
      },
    );
  });
  const busy = pending || save.isPending;

  return (
    <DialogModal
      opened={identity !== null}
      onClose={onClose}
      title={t('stamping.sign.identityTitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md" data-testid="identity-dialog">
          <Text fz="sm">{t('stamping.sign.identityBody')}</Text>
          <IdentityFields
            form={form}
            name={{
              label: t('stamping.sign.fullName'),
              testId: 'identity-name',
              autoComplete: 'name',
            }}
            nik={{
              label: t('stamping.sign.nik'),
              hint: t('stamping.sign.nikHint'),
              testId: 'identity-nik',
            }}
            error={save.error}
          />
          <DialogActions
            loading={busy}
            onCancel={onClose}
            cancelLabel={t('stamping.actions.cancel')}
            gap="sm"
          >
            <Button type="submit" loading={busy} data-testid="identity-confirm">
              {t('stamping.sign.identityConfirm')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </DialogModal>
  );
};
