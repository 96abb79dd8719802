import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { UploadDocumentCard } from '@/features/documents/components/upload-document-card';
import { esignPath } from '@/lib/document-paths';

/** /stamp/e-sign: upload a PDF to sign (e-signatures come before the e-Meterai). */
const StampEsignRoute = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <UploadDocumentCard
      testId="esign-upload"
      title={t('stamping.esign.title')}
      intro={t('stamping.esign.intro')}
      steps={[t('stamping.esign.step1'), t('stamping.esign.step2'), t('stamping.esign.step3')]}
      onUploaded={(uploaded) => navigate(esignPath(uploaded.document_id))}
    />
  );
};

export default StampEsignRoute;
