import { useTranslation } from 'react-i18next';
import { PublicLayout } from '@/components/layouts/public-layout';
import { LegalDocument } from '@/features/legal/components/legal-document';

const PrivacyRoute = () => {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <LegalDocument doc="privacy" title={t('page.privacy')} />
    </PublicLayout>
  );
};

export default PrivacyRoute;
