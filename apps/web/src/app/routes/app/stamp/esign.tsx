import { useParams } from 'react-router-dom';
import { SignDocument } from '@/features/signing/components/sign-document';
import { useSession } from '@/lib/session';

/** /stamp/single/esign/{id}: sign the document (before it is stamped). */
const StampSingleEsignRoute = () => {
  const { id } = useParams();
  const user = useSession()?.userData;
  const documentId = Number(id);
  if (!user || !Number.isInteger(documentId) || documentId <= 0) return null;
  return <SignDocument key={documentId} documentId={documentId} user={user} />;
};

export default StampSingleEsignRoute;
