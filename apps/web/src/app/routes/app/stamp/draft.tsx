import { ROUTES } from '@bubuh/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { QueryFallback } from '@/components/query-fallback';
import { StampDraftEditor } from '@/features/documents/components/stamp-draft-editor';
import { TemplatePickerModal } from '@/features/templates/components/template-picker-modal';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** /stamp/single/draft/{id}: place the e-Meterai and stamp. */
const StampDraftRoute = () => {
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
  return (
    <StampDraftEditor
      key={documentId}
      documentId={documentId}
      user={user}
      TemplatePicker={TemplatePickerModal}
    />
  );
};

export default StampDraftRoute;
