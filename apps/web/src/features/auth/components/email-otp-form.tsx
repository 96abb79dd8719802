import { ROUTES } from '@bubuh/contracts';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMail, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '@/lib/api-client';
import { checkEmail } from '@/lib/validation';
import { useResendEmailOtp, useVerifyEmailOtp } from '../api/register';
import { formatCountdown, useCountdown } from '../hooks/use-countdown';
import { resendAvailableAt, setResendCooldown } from '../utils/flow-storage';
import { AuthHeading, STRONG_TEXT } from './auth-heading';
import { AuthErrorNotice, AuthNotice } from './auth-notice';
import type { TLoginState } from './login-form';
import { OtpCodeForm, useOtpCode } from './otp-code-input';

const RESEND_COOLDOWN_SECONDS = 60;

/** /auth/otp: verify the e-mail with the 6-digit code; resend after the cool-down. */
export const EmailOtpForm = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const email = (params.get('email') ?? '').trim();
  const fromLogin = Boolean((location.state as { fromLogin?: boolean } | null)?.fromLogin);

  const [emailInput, setEmailInput] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [resendUntil, setResendUntil] = useState(() => (email ? resendAvailableAt(email) : 0));
  const [resent, setResent] = useState(false);
  const secondsLeft = useCountdown(resendUntil);

  const verify = useVerifyEmailOtp();
  const otpEntry = useOtpCode(verify.isPending);
  const resend = useResendEmailOtp();

  const startCooldown = (seconds: number) => {
    setResendCooldown(email, seconds);
    setResendUntil(resendAvailableAt(email));
  };

  const submit = (otp: string) => {
    if (!otpEntry.ready(otp)) return;
    resend.reset();
    setResent(false);
    verify.mutate(
      { email, otp },
      {
        onSuccess: () => {
          notifications.show({ message: t('auth.otp.verified'), color: 'green', autoClose: 4000 });
          const state: TLoginState = { email, notice: 'verified' };
          navigate(ROUTES.login.path, { replace: true, state });
        },
        onError: otpEntry.clear,
      },
    );
  };

  const askAgain = () => {
    verify.reset();
    setResent(false);
    resend.mutate(
      { email },
      {
        onSuccess: (data) => {
          setResent(true);
          startCooldown(data.retryAfterSeconds || RESEND_COOLDOWN_SECONDS);
        },
        onError: (error) => {
          const wait = isApiError(error) ? Number(error.errors.retryAfterSeconds) : Number.NaN;
          if (Number.isFinite(wait) && wait > 0) startCooldown(wait);
        },
      },
    );
  };

  if (!email) {
    // Reached without an address (bookmark, typed URL): ask for it first.
    return (
      <Stack gap="lg" data-testid="otp-email-step">
        <AuthHeading title={t('auth.otp.title')}>{t('auth.otp.askEmail')}</AuthHeading>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const problem = checkEmail(emailInput);
            setEmailError(problem ? t(problem) : null);
            if (!problem) setParams({ email: emailInput.trim().toLowerCase() }, { replace: true });
          }}
        >
          <Stack gap="md">
            <TextInput
              label={t('auth.login.email')}
              type="email"
              autoComplete="email"
              size="md"
              leftSection={<IconMail size={18} stroke={1.6} />}
              value={emailInput}
              onChange={(event) => setEmailInput(event.currentTarget.value)}
              error={emailError}
            />
            <Button type="submit" size="md" fullWidth>
              {t('auth.otp.continue')}
            </Button>
          </Stack>
        </form>
        <BackToLogin />
      </Stack>
    );
  }

  return (
    <Stack gap="lg" data-testid="otp-form">
      <AuthHeading title={t('auth.otp.title')} testId="otp-sent-to">
        <Trans
          i18nKey={fromLogin ? 'auth.otp.notVerified' : 'auth.otp.sentTo'}
          values={{ email }}
          components={STRONG_TEXT}
        />
      </AuthHeading>

      <AuthErrorNotice error={verify.error} testId="otp-error" />
      <AuthErrorNotice error={resend.error} testId="otp-resend-error" />
      {resent ? (
        <AuthNotice kind="success" testId="otp-resent">
          {t('auth.otp.resent')}
        </AuthNotice>
      ) : null}

      <OtpCodeForm
        entry={otpEntry}
        onSubmit={submit}
        error={Boolean(verify.error)}
        submitLabel={t('auth.otp.verify')}
        submitTestId="otp-submit"
      />

      <Group justify="center" gap={6}>
        <Text fz="sm" c="dimmed">
          {t('auth.otp.noCode')}
        </Text>
        {secondsLeft > 0 ? (
          <Text fz="sm" fw={600} c="dimmed" data-testid="otp-countdown" aria-live="polite">
            {t('auth.otp.resendIn', { time: formatCountdown(secondsLeft) })}
          </Text>
        ) : (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconRefresh size={14} />}
            onClick={askAgain}
            loading={resend.isPending}
            data-testid="otp-resend"
          >
            {t('auth.otp.resend')}
          </Button>
        )}
      </Group>

      <Group justify="space-between">
        <Anchor component={Link} to={ROUTES.register.path} fz="sm">
          {t('auth.otp.wrongEmail')}
        </Anchor>
        <BackToLogin />
      </Group>
    </Stack>
  );
};

const BackToLogin = () => {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={ROUTES.login.path} fz="sm" fw={500}>
      {t('auth.backToLogin')}
    </Anchor>
  );
};
