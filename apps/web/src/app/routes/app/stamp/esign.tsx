import { SignDocument } from '@/features/signing/components/sign-document';
import { DocumentRoute } from './document-route';

/** /stamp/single/esign/{id}: sign the document (before it is stamped). */
const StampSingleEsignRoute = () => (
  <DocumentRoute>
    {(documentId, user) => <SignDocument key={documentId} documentId={documentId} user={user} />}
  </DocumentRoute>
);

export default StampSingleEsignRoute;
