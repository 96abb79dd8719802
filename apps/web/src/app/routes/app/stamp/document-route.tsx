import { ROUTES } from '@bubuh/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { NotFoundFallback } from '@/components/query-fallback';
import { type TUserData, useSession } from '@/lib/session';

/**
 * A page of one document (`…/{id}`): nothing before the session is read, "not found" (back to
 * the document list) for an id that cannot be one, else the page for that id.
 */
export const DocumentRoute = ({
  children,
}: {
  children: (documentId: number, user: TUserData) => ReactNode;
}) => {
  const { t } = useTranslation();
  const { id } = useParams();
  const user = useSession()?.userData;
  const documentId = Number(id);
  if (!user) return null;
  if (!Number.isInteger(documentId) || documentId <= 0)
    return <NotFoundFallback back={{ to: ROUTES.stamp.path, label: t('page.stamp') }} />;
  return children(documentId, user);
};
