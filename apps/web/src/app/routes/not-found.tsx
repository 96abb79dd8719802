import { HOME_PATH, ROUTES } from '@bubuh/contracts';
import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { LogoMark } from '@/components/logo';
import { useSession } from '@/lib/session';

const NotFoundRoute = () => {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <PublicLayout>
      <Container size={640} py={{ base: 64, md: 120 }} data-testid="not-found">
        <Stack align="center" ta="center" gap="md">
          <Box style={{ transform: 'rotate(-8deg)' }} aria-hidden="true">
            <LogoMark size={72} color="var(--mantine-color-gray-4)" />
          </Box>
          <Text fz={64} fw={800} lh={1} c="brand.8">
            {t('notFound.code')}
          </Text>
          <Title order={1} fz={30}>
            {t('notFound.title')}
          </Title>
          <Text c="dimmed" fz="lg">
            {t('notFound.body')}
          </Text>
          <Group mt="md">
            <Button
              component={Link}
              to={session ? HOME_PATH : ROUTES.landing.path}
              leftSection={<IconArrowLeft size={16} />}
            >
              {session ? t('notFound.dashboard') : t('notFound.home')}
            </Button>
          </Group>
        </Stack>
      </Container>
    </PublicLayout>
  );
};

export default NotFoundRoute;
