import { ROUTES, toPath } from '@bubuh/contracts';
import { Button, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** A pointer from the profile to the security settings of the same account. */
export const SecurityShortcut = ({ userId }: { userId: number }) => {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xl">
      <Group justify="space-between" wrap="wrap" gap="md">
        <Group wrap="nowrap" gap="md" align="flex-start" miw={0}>
          <ThemeIcon size={44} radius="md" variant="light">
            <IconShieldLock size={24} stroke={1.6} />
          </ThemeIcon>
          <div>
            <Title order={2} fz="lg">
              {t('account.security.title')}
            </Title>
            <Text c="dimmed" fz="sm" mt={4}>
              {t('account.security.body')}
            </Text>
          </div>
        </Group>
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
