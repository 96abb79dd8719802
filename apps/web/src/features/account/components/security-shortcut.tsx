import { ROUTES, toPath } from '@bubuh/contracts';
import { Button, Group, Paper } from '@mantine/core';
import { IconArrowRight, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
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
        <Button
          component={Link}
          to={toPath(ROUTES.setting.path, { id: userId })}
          variant="light"
          rightSection={<IconArrowRight size={16} />}
          data-testid="account-security-link"
        >
          {t('account.security.open')}
        </Button>
      </Group>
    </Paper>
  );
};
