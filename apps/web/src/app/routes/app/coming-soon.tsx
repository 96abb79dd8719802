import { HOME_PATH } from '@bubuh/contracts';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { useRouteHandle } from '@/lib/route-handle';

/** Authenticated screens of spec §2 that arrive with later issues. */
const AppComingSoonRoute = () => {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  return (
    <ComingSoon
      title={handle ? t(handle.titleKey) : ''}
      backTo={HOME_PATH}
      backLabel={t('comingSoon.backToDashboard')}
    />
  );
};

export default AppComingSoonRoute;
