import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PasswordRules } from '@/components/password-rules';
import { fieldErrorsOf } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
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
    <Paper withBorder p="xl" data-testid="change-password">
      <Title order={2} fz="lg">
        {t('setting.password.title')}
      </Title>
      <Text c="dimmed" fz="sm" mt={4}>
        {t('setting.password.hint')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md" mt="lg" maw={520}>
          <PasswordInput
            label={t('setting.password.current')}
            autoComplete="current-password"
            leftSection={<IconLock size={18} stroke={1.6} />}
            withAsterisk
            {...form.getInputProps('currentPassword')}
            name="currentPassword"
          />
          <div>
            <PasswordInput
              label={t('setting.password.new')}
              autoComplete="new-password"
              leftSection={<IconLock size={18} stroke={1.6} />}
              withAsterisk
              {...form.getInputProps('newPassword')}
              name="newPassword"
            />
            <PasswordRules value={form.values.newPassword} />
          </div>
          <PasswordInput
            label={t('setting.password.confirm')}
            autoComplete="new-password"
            leftSection={<IconLock size={18} stroke={1.6} />}
            withAsterisk
            {...form.getInputProps('confirmation')}
            name="confirmation"
          />
          {error && !fieldError ? (
            <Text c="red" fz="sm" role="alert" data-testid="change-password-error">
              {serverMessage(error, t)}
            </Text>
          ) : null}
          <Group>
            <Button type="submit" loading={change.isPending} data-testid="change-password-submit">
              {t('setting.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
