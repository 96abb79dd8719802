import { Grid, Skeleton } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { useProfile } from '@/features/account/api/profile';
import { AccountUnavailable } from '@/features/account/components/account-unavailable';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { LoginOtpCard } from '@/features/account/components/login-otp-card';
import { useSession } from '@/lib/session';

/** /setting/:id: security of the own account (password, login OTP). */
const SettingRoute = () => {
  const { id } = useParams();
  const session = useSession();
  const ownId = session?.userData.id ?? 0;
  const userId = Number(id);
  const valid = Number.isInteger(userId) && userId > 0;
  const profile = useProfile(valid ? userId : 0);

  if (!valid) return <AccountUnavailable error={null} ownId={ownId} page="setting" />;
  if (profile.isPending) {
    return (
      <Grid gap="lg" data-testid="setting-loading">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Skeleton h={420} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Skeleton h={200} radius="lg" />
        </Grid.Col>
      </Grid>
    );
  }
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
