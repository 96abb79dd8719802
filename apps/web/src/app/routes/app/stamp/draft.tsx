import { StampDraftEditor } from '@/features/documents/components/stamp-draft-editor';
import { TemplatePickerModal } from '@/features/templates/components/template-picker-modal';
import { DocumentRoute } from './document-route';

/** /stamp/single/draft/{id}: place the e-Meterai and stamp. */
const StampDraftRoute = () => (
  <DocumentRoute>
    {(documentId, user) => (
      <StampDraftEditor
        key={documentId}
        documentId={documentId}
        user={user}
        TemplatePicker={TemplatePickerModal}
      />
    )}
  </DocumentRoute>
);

export default StampDraftRoute;
