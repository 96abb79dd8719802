import { useTranslation } from 'react-i18next';
import { PublicLayout } from '@/components/layouts/public-layout';
import { LegalDocument } from '@/features/legal/components/legal-document';

const TermsRoute = () => {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <LegalDocument doc="terms" title={t('page.terms')} />
    </PublicLayout>
  );
};

export default TermsRoute;
