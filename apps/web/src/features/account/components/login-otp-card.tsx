import type { TUserProfile } from '@bubuh/contracts';
import { Paper, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/section-card';
import { serverMessage } from '@/lib/api-errors';
import { useSecuritySettings } from '../api/profile';
import { IconHeading } from './icon-heading';

/** The e-mail code at sign-in (login OTP), on or off. */
export const LoginOtpCard = ({ profile }: { profile: TUserProfile }) => {
  const { t } = useTranslation();
  const security = useSecuritySettings(profile.id);
  const enabled = security.isPending
    ? Boolean(security.variables?.loginOtpEnabled)
    : profile.login_otp_enabled;

  const toggle = (next: boolean) => {
    security.mutate(
      { loginOtpEnabled: next },
      {
        onSuccess: (saved) =>
          notifications.show({
            message: saved.login_otp_enabled ? t('setting.otp.on') : t('setting.otp.off'),
            color: 'green',
            autoClose: 3000,
          }),
      },
    );
  };

  return (
    <Paper withBorder p="xl" data-testid="login-otp-setting">
      <IconHeading
        icon={<IconShieldLock size={24} stroke={1.6} />}
        title={t('setting.otp.title')}
        hint={t('setting.otp.hint')}
      >
        <Switch
          mt="md"
          size="md"
          checked={enabled}
          disabled={security.isPending}
          onChange={(event) => toggle(event.currentTarget.checked)}
          label={enabled ? t('setting.otp.enabled') : t('setting.otp.disabled')}
          data-testid="login-otp-switch"
        />
        {security.error ? <FormError>{serverMessage(security.error, t)}</FormError> : null}
      </IconHeading>
    </Paper>
  );
};
