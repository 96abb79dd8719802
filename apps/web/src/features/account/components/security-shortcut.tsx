import { ROUTES, toPath } from '@bubuh/contracts';
import { Group, Paper } from '@mantine/core';
import { IconArrowRight, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '@/components/button-row';
import { IconHeading } from './icon-heading';

/** A pointer from the profile to the security settings of the same account. */
export const SecurityShortcut = ({ userId }: { userId: number }) => {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xl">
      <Group justify="space-between" wrap="wrap" gap="md">
        <IconHeading
          icon={<IconShieldLock size={24} stroke={1.6} />}
          title={t('account.security.title')}
          hint={t('account.security.body')}
        />
        <ActionButton
          label={t('account.security.open')}
          to={toPath(ROUTES.setting.path, { id: userId })}
          variant="light"
          rightIcon={<IconArrowRight size={16} />}
          testId="account-security-link"
        />
      </Group>
    </Paper>
  );
};
