import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/password-rules';
import { FormError, SectionCard } from '@/components/section-card';
import { fieldErrorsOf } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { namedField } from '@/lib/form-field';
import { checkConfirmation, checkPassword } from '@/lib/validation';
import { useChangePassword } from '../api/profile';

const EMPTY = { currentPassword: '', newPassword: '', confirmation: '' };

/** Change own password; the server signs out every other session of the user. */
export const ChangePasswordForm = ({ userId }: { userId: number }) => {
  const { t } = useTranslation();
  const change = useChangePassword(userId);
  const form = useForm({
    initialValues: EMPTY,
    validate: {
      currentPassword: (value) => (value ? null : t('validation.currentPasswordRequired')),
      newPassword: (value, values) => {
        const problem = checkPassword(value);
        if (problem) return t(problem);
        return value === values.currentPassword ? t('validation.passwordUnchanged') : null;
      },
      confirmation: (value, values) => {
        const problem = checkConfirmation(values.newPassword, value);
        return problem ? t(problem) : null;
      },
    },
  });

  const submit = form.onSubmit(({ currentPassword, newPassword }) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({
            message: t('setting.password.changed'),
            color: 'green',
            autoClose: 4000,
          });
        },
        onError: (error) =>
          form.setErrors(fieldErrorsOf(error, ['currentPassword', 'newPassword'])),
      },
    );
  });

  const error = change.error;
  const fieldError =
    error && Object.keys(fieldErrorsOf(error, ['currentPassword', 'newPassword'])).length > 0;

  return (
    <SectionCard
      title={t('setting.password.title')}
      hint={t('setting.password.hint')}
      testId="change-password"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md" mt="lg" maw={520}>
          <PasswordField
            label={t('setting.password.current')}
            autoComplete="current-password"
            withAsterisk
            {...namedField(form, 'currentPassword')}
          />
          <PasswordField
            label={t('setting.password.new')}
            withAsterisk
            {...namedField(form, 'newPassword')}
            withRules
          />
          <PasswordField
            label={t('setting.password.confirm')}
            withAsterisk
            {...namedField(form, 'confirmation')}
          />
          {error && !fieldError ? (
            <FormError testId="change-password-error">{serverMessage(error, t)}</FormError>
          ) : null}
          <Group>
            <Button type="submit" loading={change.isPending} data-testid="change-password-submit">
              {t('setting.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
};
