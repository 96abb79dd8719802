import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '@/lib/session';

/** A screen the signed-in role cannot use (the server refuses it too). */
export const NoAccess = ({ backTo }: { backTo: string }) => {
  const { t } = useTranslation();
  // Admins and super have nobody above them to ask: they are told plainly.
  const role = useSession()?.userData.role;
  const administers = role === 'admin' || role === 'admin-company' || role === 'super';
  return (
    <Paper withBorder p="xl" data-testid="no-access">
      <Stack align="center" ta="center" gap="sm" py="lg">
        <ThemeIcon size={64} radius="xl" variant="light" color="secondary">
          <IconLock size={32} stroke={1.5} />
        </ThemeIcon>
        <Title order={2} fz="xl">
          {t('master.noAccess.title')}
        </Title>
        <Text c="dimmed" maw={440}>
          {administers ? t('master.noAccess.bodyAdmin') : t('master.noAccess.body')}
        </Text>
        <Button component={Link} to={backTo} mt="sm" leftSection={<IconArrowLeft size={16} />}>
          {t('master.noAccess.back')}
        </Button>
      </Stack>
    </Paper>
  );
};
