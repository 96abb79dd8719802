import { Button, Center, Code, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';

/** Last-resort screen for a render error or a chunk that failed to load after a deploy. */
export const RouteError = () => {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : null;
  return (
    <Center mih="100vh" p="xl" data-testid="route-error">
      <Stack align="center" ta="center" gap="md" maw={480}>
        <ThemeIcon size={72} radius={36} variant="light" color="red">
          <IconAlertTriangle size={36} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={28}>
          {t('error.title')}
        </Title>
        <Text c="dimmed">{t('error.body')}</Text>
        {import.meta.env.DEV && detail ? <Code block>{detail}</Code> : null}
        <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
          {t('error.reload')}
        </Button>
      </Stack>
    </Center>
  );
};
