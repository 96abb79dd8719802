import { ROUTES } from '@bubuh/contracts';
import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { PublicLayout } from '@/components/layouts/public-layout';
import { useRouteHandle } from '@/lib/route-handle';

/** Public and guest screens that are not built yet (register, OTP, verification...). */
const PublicComingSoonRoute = () => {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const isAuthFlow = handle?.routeKey !== 'verifyStamp' && handle?.routeKey !== 'dummy';
  return (
    <PublicLayout>
      <Container size={720} py={{ base: 48, md: 96 }}>
        <ComingSoon
          title={handle ? t(handle.titleKey) : ''}
          backTo={isAuthFlow ? ROUTES.login.path : ROUTES.landing.path}
          backLabel={isAuthFlow ? t('comingSoon.backToLogin') : t('comingSoon.backHome')}
        />
      </Container>
    </PublicLayout>
  );
};

export default PublicComingSoonRoute;
