import { ROUTES } from '@bubuh/contracts';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { PasswordField } from '@/components/password-rules';
import { fieldErrorsOf, isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { checkConfirmation, checkPassword, rule } from '@/lib/validation';
import { useResetPassword } from '../api/password-reset';
import { AuthHeading } from './auth-heading';
import { AuthErrorNotice, AuthNotice } from './auth-notice';
import type { TLoginState } from './login-form';

const FIELDS = ['password', 'passwordConfirmation'] as const;

/** /auth/reset-password/:id: a new password with the single-use token of the e-mail link. */
export const ResetPasswordForm = ({ token }: { token: string }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm({
    initialValues: { password: '', passwordConfirmation: '' },
    validate: {
      password: rule(t, checkPassword),
      passwordConfirmation: (value, values) => {
        const problem = checkConfirmation(values.password, value);
        return problem ? t(problem) : null;
      },
    },
  });

  const submit = form.onSubmit((values) => {
    reset.mutate(
      { token, ...values },
      {
        onSuccess: () => {
          notifications.show({
            message: t('auth.login.passwordReset'),
            color: 'green',
            autoClose: 4000,
          });
          const state: TLoginState = { notice: 'passwordReset' };
          navigate(ROUTES.login.path, { replace: true, state });
        },
        onError: (error) => form.setErrors(fieldErrorsOf(error, FIELDS)),
      },
    );
  });

  // A token the server refuses (invalid, used, expired, malformed): ask for a new link.
  const failure = isApiError(reset.error) ? reset.error : null;
  const tokenRefused = failure?.errors.token !== undefined;
  const badLink = tokenRefused || failure?.errors.id !== undefined;
  const fieldErrors = Object.keys(fieldErrorsOf(reset.error, FIELDS)).length > 0;

  return (
    <Stack gap="lg" data-testid="reset-password">
      <AuthHeading title={t('auth.reset.title')}>{t('auth.reset.subtitle')}</AuthHeading>

      {badLink ? (
        <AuthNotice kind="error" testId="reset-invalid">
          {tokenRefused ? serverMessage(reset.error, t) : t('auth.reset.invalidLink')}{' '}
          <Anchor component={Link} to={ROUTES.forgotPassword.path} fz="sm" fw={600}>
            {t('auth.reset.askAgain')}
          </Anchor>
        </AuthNotice>
      ) : (
        <AuthErrorNotice error={fieldErrors ? null : reset.error} testId="reset-error" />
      )}

      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordField
            label={t('auth.reset.password')}
            size="md"
            name="password"
            {...form.getInputProps('password')}
            withRules
          />
          <PasswordField
            label={t('auth.reset.confirm')}
            size="md"
            name="passwordConfirmation"
            {...form.getInputProps('passwordConfirmation')}
          />
          <Button type="submit" size="md" fullWidth loading={reset.isPending}>
            {t('auth.reset.submit')}
          </Button>
        </Stack>
      </form>

      <Text ta="center" fz="sm">
        <Anchor component={Link} to={ROUTES.login.path} fw={500}>
          {t('auth.backToLogin')}
        </Anchor>
      </Text>
    </Stack>
  );
};
