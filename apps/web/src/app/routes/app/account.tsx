import { ROUTES, toPath } from '@bubuh/contracts';
import { Alert, Anchor, Grid, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRouteProfile } from '@/features/account/api/use-route-profile';
import { AccountLoading } from '@/features/account/components/account-loading';
import { AccountUnavailable } from '@/features/account/components/account-unavailable';
import { IdentityForm } from '@/features/account/components/identity-form';
import { ProfileForm } from '@/features/account/components/profile-form';
import { ProfileOverview } from '@/features/account/components/profile-overview';
import { SecurityShortcut } from '@/features/account/components/security-shortcut';

/** /account/:id: the profile (spec §2). Only the own account is editable; the API decides the rest. */
const AccountRoute = () => {
  const { t } = useTranslation();
  const { ownId, valid, profile } = useRouteProfile();

  if (!valid) return <AccountUnavailable error={null} ownId={ownId} page="account" />;
  if (profile.isPending) return <AccountLoading page="account" />;
  if (profile.isError) {
    return (
      <AccountUnavailable
        error={profile.error}
        ownId={ownId}
        page="account"
        onRetry={() => void profile.refetch()}
      />
    );
  }

  const own = profile.data.id === ownId;
  return (
    <Stack gap="lg" data-testid="account-page">
      {!own ? (
        <Alert variant="light" color="orange" icon={<IconInfoCircle size={18} />}>
          {t('account.notYours', { name: profile.data.fullName })}{' '}
          <Anchor component={Link} to={toPath(ROUTES.account.path, { id: ownId })} fz="sm" fw={600}>
            {t('account.unavailable.mine')}
          </Anchor>
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <ProfileOverview profile={profile.data} editable={own} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <ProfileForm key={profile.data.id} profile={profile.data} editable={own} />
            {own ? <IdentityForm /> : null}
            {own ? <SecurityShortcut userId={profile.data.id} /> : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
};

export default AccountRoute;
