import { useTranslation } from 'react-i18next';
import { PublicLayout } from '@/components/layouts/public-layout';
import { LegalDocument } from '@/features/legal/components/legal-document';

const ReturnPolicyRoute = () => {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <LegalDocument doc="returnPolicy" title={t('page.returnPolicy')} />
    </PublicLayout>
  );
};

export default ReturnPolicyRoute;
