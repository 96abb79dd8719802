import { ROUTES } from '@bubuh/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { QueryFallback } from '@/components/query-fallback';
import { SignDocument } from '@/features/signing/components/sign-document';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** /stamp/single/esign/{id}: sign the document (before it is stamped). */
const StampSingleEsignRoute = () => {
  const { t } = useTranslation();
  const { id } = useParams();
  const user = useSession()?.userData;
  const documentId = Number(id);
  if (!user) return null;
  if (!Number.isInteger(documentId) || documentId <= 0)
    return (
      <QueryFallback
        pending={false}
        error={new ApiError({ status: 404, message: 'Not found' })}
        back={{ to: ROUTES.stamp.path, label: t('page.stamp') }}
      />
    );
  return <SignDocument key={documentId} documentId={documentId} user={user} />;
};

export default StampSingleEsignRoute;
