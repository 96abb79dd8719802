import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { checkEmail, rule } from '@/lib/validation';
import { useForgotPassword } from '../api/password-reset';
import { AuthHeading } from './auth-heading';
import { AuthErrorNotice, AuthNotice, AuthSwitchLink } from './auth-notice';
import { SignInEmailInput } from './sign-in-email-input';

/** /auth/forgot-password: the same confirmation whether or not the address has an account. */
export const ForgotPasswordForm = () => {
  const { t } = useTranslation();
  const location = useLocation();
  const initialEmail = (location.state as { email?: string } | null)?.email ?? '';
  const forgot = useForgotPassword();
  const form = useForm({
    initialValues: { email: initialEmail },
    validate: {
      email: rule(t, checkEmail),
    },
  });

  const submit = form.onSubmit((values) => {
    forgot.mutate({ email: values.email.trim() });
  });

  return (
    <Stack gap="lg" data-testid="forgot-password">
      <AuthHeading title={t('auth.forgot.title')}>{t('auth.forgot.subtitle')}</AuthHeading>

      {forgot.isSuccess ? (
        <AuthNotice kind="success" testId="forgot-sent">
          {t('auth.forgot.sent', { email: form.values.email.trim() })}
        </AuthNotice>
      ) : null}
      <AuthErrorNotice error={forgot.error} testId="forgot-error" />

      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SignInEmailInput {...form.getInputProps('email')} />
          <Button type="submit" size="md" fullWidth loading={forgot.isPending}>
            {forgot.isSuccess ? t('auth.forgot.sendAgain') : t('auth.forgot.submit')}
          </Button>
        </Stack>
      </form>

      <AuthSwitchLink from="forgot" />
    </Stack>
  );
};
