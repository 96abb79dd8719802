import { HOME_PATH } from '@bubuh/contracts';
import { Box, Center, Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { Logo } from '@/components/logo';
import { useRouteHandle } from '@/lib/route-handle';

/** Blank-layout screens behind login (payment result, printable invoices) not built yet. */
const BlankComingSoonRoute = () => {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" data-layout="blank">
      <Container size={720} py={{ base: 40, md: 80 }}>
        <Stack gap="xl">
          <Center>
            <Logo size={36} />
          </Center>
          <ComingSoon
            title={handle ? t(handle.titleKey) : ''}
            backTo={HOME_PATH}
            backLabel={t('comingSoon.backToDashboard')}
          />
        </Stack>
      </Container>
    </Box>
  );
};

export default BlankComingSoonRoute;
