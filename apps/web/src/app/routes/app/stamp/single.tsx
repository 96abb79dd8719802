import { ROUTES } from '@bubuh/contracts';
import { IconLayoutGrid, IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ActionButtons } from '@/components/button-row';
import { UploadDocumentCard } from '@/features/documents/components/upload-document-card';
import { LockerPdfPicker } from '@/features/locker/components/locker-pdf-picker';
import { draftPath } from '@/lib/document-paths';

/** /stamp/single: upload one PDF, then place and stamp it in the draft editor. */
const StampSingleRoute = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <UploadDocumentCard
      testId="stamp-upload"
      textKey="stamping.single"
      next={draftPath}
      footer={
        <>
          <LockerPdfPicker onDraft={(draft) => navigate(draftPath(draft.document_id))} />
          <ActionButtons
            actions={[
              {
                label: t('page.stampSingleTemplate'),
                icon: <IconLayoutGrid size={16} />,
                to: ROUTES.stampSingleTemplate.path,
                variant: 'default',
              },
              {
                label: t('page.stampEsign'),
                icon: <IconSignature size={16} />,
                to: ROUTES.stampEsign.path,
                variant: 'default',
              },
            ]}
          />
        </>
      }
    />
  );
};

export default StampSingleRoute;
