import { Badge, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DigiFriendCode } from '@/components/copy-code-button';
import { DetailRow, OrganisationRows } from '@/components/ui/detail-rows';
import type { TProfileProps } from '../api/profile';
import classes from './account.module.css';
import { AvatarUploader } from './avatar-uploader';

/** Who the account is: avatar, name, role, DigiFriend code and organisation (read-only). */
export const ProfileOverview = ({ profile, editable }: TProfileProps) => {
  const { t, i18n } = useTranslation();
  const since = new Intl.DateTimeFormat(i18n.resolvedLanguage === 'id' ? 'id-ID' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(profile.created_at));
  return (
    <Paper withBorder p="xl" data-testid="account-overview">
      <Stack align="center" gap={6}>
        <AvatarUploader profile={profile} editable={editable} />
        <Title order={2} fz={22} ta="center" mt="xs" data-testid="account-name">
          {profile.fullName}
        </Title>
        <Group gap={6} justify="center">
          <Badge variant="light" data-testid="account-role">
            {t(`profile.roles.${profile.role}`)}
          </Badge>
          <Badge variant="outline" color="secondary">
            {t(`profile.userTypes.${profile.user_type}`)}
          </Badge>
        </Group>
        <Text c="dimmed" fz="sm" data-testid="account-email-summary">
          {profile.email}
        </Text>
      </Stack>

      <DigiFriendCode code={profile.emet_id} className={classes.code} place="account">
        <Text fz="xs" c="dimmed" mt={4}>
          {t('account.digiFriendHint')}
        </Text>
      </DigiFriendCode>

      <Divider my="lg" />
      <Stack gap={10}>
        <OrganisationRows
          who={profile}
          testIds={['account-company', 'account-department', 'account-role-row']}
        />
        <DetailRow
          label={t('account.emailStatus')}
          value={
            profile.email_verified ? (
              <Badge color="green" variant="light" leftSection={<IconCircleCheck size={12} />}>
                {t('account.verified')}
              </Badge>
            ) : (
              <Badge color="orange" variant="light" leftSection={<IconClock size={12} />}>
                {t('account.notVerified')}
              </Badge>
            )
          }
        />
        <DetailRow label={t('account.memberSince')} value={since} testId="account-since" />
      </Stack>
    </Paper>
  );
};
