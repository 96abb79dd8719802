import { HOME_PATH, ROUTES } from '@bubuh/contracts';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { safeRedirect } from '@/lib/session';
import { useVerifyLoginOtp } from '../api/login';
import {
  clearLoginChallenge,
  isLoginChallenge,
  loadLoginChallenge,
  type TLoginChallenge,
} from '../utils/flow-storage';
import { AuthHeading, STRONG_TEXT } from './auth-heading';
import { AuthNotice } from './auth-notice';
import type { TLoginState } from './login-form';
import { OtpCodeForm, useOtpCode } from './otp-code-input';

/** Codes the server gives for a challenge that cannot succeed any more (a new login is needed). */
const DEAD_CODE = new Set(['expired', 'used', 'locked', 'invalid']);

/** /auth/login/otp: the second step of a login with the e-mail OTP switched on. */
export const LoginOtpForm = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // The challenge comes in the router state, or from this tab's storage after a reload.
  const [challenge] = useState<TLoginChallenge | null>(() =>
    isLoginChallenge(location.state) ? location.state : loadLoginChallenge(),
  );
  const verify = useVerifyLoginOtp();
  const otpEntry = useOtpCode(verify.isPending);

  const restart = () => {
    clearLoginChallenge();
    const state: TLoginState = { email: challenge?.email };
    navigate(ROUTES.login.path, { replace: true, state });
  };

  if (!challenge) {
    return (
      <Stack gap="lg" data-testid="login-otp-missing">
        <Title order={1} fz={28}>
          {t('auth.loginOtp.title')}
        </Title>
        <AuthNotice kind="info">{t('auth.loginOtp.missing')}</AuthNotice>
        <Button component={Link} to={ROUTES.login.path} size="md">
          {t('auth.backToLogin')}
        </Button>
      </Stack>
    );
  }

  const submit = (otp: string) => {
    if (!otpEntry.ready(otp)) return;
    verify.mutate(
      { otpToken: challenge.otpToken, otp },
      {
        onSuccess: () => {
          clearLoginChallenge();
          navigate(safeRedirect(challenge.redirect, HOME_PATH), { replace: true });
        },
        onError: otpEntry.clear,
      },
    );
  };

  const error = verify.error;
  const dead = isApiError(error) && DEAD_CODE.has(String(error.errors.otp ?? ''));
  const message = error ? serverMessage(error, t) : null;

  return (
    <Stack gap="lg" data-testid="login-otp-form">
      <AuthHeading title={t('auth.loginOtp.title')}>
        <Trans
          i18nKey="auth.loginOtp.sentTo"
          values={{ email: challenge.email }}
          components={STRONG_TEXT}
        />
      </AuthHeading>

      {message ? (
        <AuthNotice kind="error" testId="login-otp-error">
          {message}
          {dead ? (
            <>
              {' '}
              <Anchor component="button" type="button" fz="sm" fw={600} onClick={restart}>
                {t('auth.loginOtp.again')}
              </Anchor>
            </>
          ) : null}
        </AuthNotice>
      ) : null}

      <OtpCodeForm
        entry={otpEntry}
        onSubmit={submit}
        error={Boolean(message)}
        blocked={dead}
        submitLabel={t('auth.loginOtp.submit')}
        submitTestId="login-otp-submit"
      />

      <Group justify="space-between">
        <Text fz="sm" c="dimmed">
          {t('auth.loginOtp.noCode')}
        </Text>
        <Anchor component="button" type="button" fz="sm" fw={500} onClick={restart}>
          {t('auth.loginOtp.again')}
        </Anchor>
      </Group>
    </Stack>
  );
};
