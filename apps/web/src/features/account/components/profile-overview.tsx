import { Badge, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DigiFriendCode } from '@/components/copy-code-button';
import type { TProfileProps } from '../api/profile';
import classes from './account.module.css';
import { AvatarUploader } from './avatar-uploader';

const Row = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <Group justify="space-between" gap="xs" wrap="nowrap">
    <Text fz="sm" c="dimmed">
      {label}
    </Text>
    <Text fz="sm" fw={500} ta="right" truncate="end" maw={200} data-testid={testId}>
      {value}
    </Text>
  </Group>
);

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

      <DigiFriendCode
        code={profile.emet_id}
        className={classes.code}
        fz="md"
        mt="lg"
        testId="account-digifriend"
        copyTestId="account-copy-digifriend"
      >
        <Text fz="xs" c="dimmed" mt={4}>
          {t('account.digiFriendHint')}
        </Text>
      </DigiFriendCode>

      <Divider my="lg" />
      <Stack gap={10}>
        <Row
          label={t('profile.company')}
          value={profile.company_name ?? t('profile.notSet')}
          testId="account-company"
        />
        <Row
          label={t('profile.department')}
          value={profile.departement_name ?? t('profile.notSet')}
          testId="account-department"
        />
        <Row
          label={t('profile.role')}
          value={t(`profile.roles.${profile.role}`)}
          testId="account-role-row"
        />
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fz="sm" c="dimmed">
            {t('account.emailStatus')}
          </Text>
          {profile.email_verified ? (
            <Badge color="green" variant="light" leftSection={<IconCircleCheck size={12} />}>
              {t('account.verified')}
            </Badge>
          ) : (
            <Badge color="orange" variant="light" leftSection={<IconClock size={12} />}>
              {t('account.notVerified')}
            </Badge>
          )}
        </Group>
        <Row label={t('account.memberSince')} value={since} testId="account-since" />
      </Stack>
    </Paper>
  );
};
