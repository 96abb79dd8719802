import { HOME_PATH, ROUTES } from '@bubuh/contracts';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PasswordField } from '@/components/password-rules';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { forgetSessionEnded, safeRedirect, sessionEnded } from '@/lib/session';
import { checkEmail } from '@/lib/validation';
import { isOtpChallenge, useLogin } from '../api/login';
import { saveLoginChallenge } from '../utils/flow-storage';
import { AuthHeading } from './auth-heading';
import { AuthNotice, AuthSwitchLink } from './auth-notice';
import { SignInEmailInput } from './sign-in-email-input';

/** What another auth screen hands to /login in the router state. */
export type TLoginState = { email?: string; notice?: 'verified' | 'passwordReset' };

const readState = (state: unknown): TLoginState =>
  typeof state === 'object' && state !== null ? (state as TLoginState) : {};

export const LoginForm = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const state = readState(location.state);
  const loginMutation = useLogin();
  // The session ended on its own (refresh refused): say why we are here, once.
  const [ended] = useState(sessionEnded);
  useEffect(() => {
    if (ended) forgetSessionEnded();
  }, [ended]);

  const form = useForm({
    initialValues: { email: state.email ?? params.get('email') ?? '', password: '' },
    validate: {
      email: (value) => {
        const problem = checkEmail(value);
        if (!problem) return null;
        return problem === 'validation.emailRequired'
          ? t('auth.login.emailRequired')
          : t('auth.login.emailInvalid');
      },
      password: (value) => (value ? null : t('auth.login.passwordRequired')),
    },
  });

  const submit = form.onSubmit((values) => {
    const email = values.email.trim();
    loginMutation.mutate(
      { email, password: values.password },
      {
        onSuccess: (data) => {
          if (isOtpChallenge(data)) {
            // Login-OTP is on: the code is on its way; finish on /auth/login/otp.
            const challenge = { otpToken: data.otpToken, email, redirect };
            saveLoginChallenge(challenge);
            navigate(ROUTES.loginOtp.path, { state: challenge });
            return;
          }
          navigate(safeRedirect(redirect, HOME_PATH), { replace: true });
        },
        onError: (error) => {
          if (isApiError(error) && error.errors.reason === 'EMAIL_NOT_VERIFIED') {
            navigate(`${ROUTES.otp.path}?email=${encodeURIComponent(email)}`, {
              state: { fromLogin: true },
            });
          }
        },
      },
    );
  });

  const error = loginMutation.error;
  let errorMessage: string | null = null;
  if (error) {
    errorMessage =
      isApiError(error) && (error.hasServerMessage || error.isNetworkError)
        ? serverMessage(error, t)
        : t('auth.login.failed');
  }

  let notice: { kind: 'success' | 'info'; text: string } | null = null;
  if (state.notice === 'verified') notice = { kind: 'success', text: t('auth.login.verified') };
  else if (state.notice === 'passwordReset') {
    notice = { kind: 'success', text: t('auth.login.passwordReset') };
  } else if (ended) notice = { kind: 'info', text: t('auth.login.sessionEnded') };
  else if (redirect) notice = { kind: 'info', text: t('auth.login.continue') };

  return (
    <Stack gap="lg" w="100%">
      <AuthHeading title={t('auth.login.title')}>{t('auth.login.subtitle')}</AuthHeading>

      {notice && !errorMessage ? (
        <AuthNotice kind={notice.kind} testId="login-notice">
          {notice.text}
        </AuthNotice>
      ) : null}

      {errorMessage ? (
        <AuthNotice kind="error" testId="login-error">
          {errorMessage}
        </AuthNotice>
      ) : null}

      <form onSubmit={submit} noValidate data-testid="login-form">
        <Stack gap="md">
          <SignInEmailInput {...form.getInputProps('email')} />
          <div>
            <PasswordField
              label={t('auth.login.password')}
              placeholder={t('auth.login.passwordPlaceholder')}
              autoComplete="current-password"
              size="md"
              name="password"
              autoFocus={Boolean(form.values.email)}
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end" mt={8}>
              <Anchor
                component={Link}
                to={ROUTES.forgotPassword.path}
                state={{ email: form.values.email.trim() }}
                fz="sm"
                fw={500}
                data-testid="login-forgot"
              >
                {t('auth.login.forgot')}
              </Anchor>
            </Group>
          </div>
          <Button type="submit" size="md" fullWidth loading={loginMutation.isPending}>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>

      <AuthSwitchLink from="login" />
    </Stack>
  );
};
