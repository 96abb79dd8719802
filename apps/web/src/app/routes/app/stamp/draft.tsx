import { useParams } from 'react-router-dom';
import { StampDraftEditor } from '@/features/documents/components/stamp-draft-editor';
import { TemplatePickerModal } from '@/features/templates/components/template-picker-modal';
import { useSession } from '@/lib/session';

/** /stamp/single/draft/{id}: place the e-Meterai and stamp. */
const StampDraftRoute = () => {
  const { id } = useParams();
  const user = useSession()?.userData;
  const documentId = Number(id);
  if (!user || !Number.isInteger(documentId) || documentId <= 0) return null;
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
