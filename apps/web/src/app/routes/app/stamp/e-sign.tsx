import { UploadDocumentCard } from '@/features/documents/components/upload-document-card';
import { esignPath } from '@/lib/document-paths';

/** /stamp/e-sign: upload a PDF to sign (e-signatures come before the e-Meterai). */
const StampEsignRoute = () => (
  <UploadDocumentCard testId="esign-upload" textKey="stamping.esign" next={esignPath} />
);

export default StampEsignRoute;
