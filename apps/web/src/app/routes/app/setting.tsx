import { Grid } from '@mantine/core';
import { useRouteProfile } from '@/features/account/api/use-route-profile';
import { AccountLoading } from '@/features/account/components/account-loading';
import { AccountUnavailable } from '@/features/account/components/account-unavailable';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { LoginOtpCard } from '@/features/account/components/login-otp-card';

/** /setting/:id: security of the own account (password, login OTP). */
const SettingRoute = () => {
  const { ownId, valid, profile } = useRouteProfile();

  if (!valid) return <AccountUnavailable error={null} ownId={ownId} page="setting" />;
  if (profile.isPending) return <AccountLoading page="setting" />;
  if (profile.isError || profile.data.id !== ownId) {
    // Security settings are the owner's only, even when an admin may read the profile.
    return (
      <AccountUnavailable
        error={profile.isError ? profile.error : null}
        notOwn={!profile.isError}
        ownId={ownId}
        page="setting"
        onRetry={() => void profile.refetch()}
      />
    );
  }
  return (
    <Grid gap="lg" data-testid="setting-page">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <ChangePasswordForm userId={profile.data.id} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <LoginOtpCard profile={profile.data} />
      </Grid.Col>
    </Grid>
  );
};

export default SettingRoute;
