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
import { AuthNotice } from './auth-notice';
import type { TLoginState } from './login-form';
import { OtpCodeInput } from './otp-code-input';

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
  const [code, setCode] = useState('');
  const verify = useVerifyLoginOtp();

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
    if (!/^\d{6}$/.test(otp) || verify.isPending) return;
    verify.mutate(
      { otpToken: challenge.otpToken, otp },
      {
        onSuccess: () => {
          clearLoginChallenge();
          navigate(safeRedirect(challenge.redirect, HOME_PATH), { replace: true });
        },
        onError: () => setCode(''),
      },
    );
  };

  const error = verify.error;
  const dead = isApiError(error) && DEAD_CODE.has(String(error.errors.otp ?? ''));
  const message = error ? serverMessage(error, t) : null;

  return (
    <Stack gap="lg" data-testid="login-otp-form">
      <div>
        <Title order={1} fz={28}>
          {t('auth.loginOtp.title')}
        </Title>
        <Text c="dimmed" mt={6}>
          <Trans
            i18nKey="auth.loginOtp.sentTo"
            values={{ email: challenge.email }}
            components={{ strong: <Text span fw={600} c="var(--mantine-color-text)" /> }}
          />
        </Text>
      </div>

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

      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit(code);
        }}
      >
        <Stack gap="lg">
          <OtpCodeInput
            value={code}
            onChange={setCode}
            onComplete={submit}
            error={Boolean(message)}
            disabled={verify.isPending || dead}
          />
          <Text fz="xs" c="dimmed" ta="center">
            {t('auth.otp.expiresHint')}
          </Text>
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={verify.isPending}
            disabled={code.length !== 6 || dead}
            data-testid="login-otp-submit"
          >
            {t('auth.loginOtp.submit')}
          </Button>
        </Stack>
      </form>

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
