import type { TDocument, TDocumentActions } from '@bubuh/contracts';
import {
  IconDownload,
  IconFileDescription,
  IconPencil,
  IconSignature,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RowMenu } from '@/components/menu-actions';
import { RowActions } from '@/components/row-actions';
import { draftPath, esignPath } from '@/lib/document-paths';
import { downloadTargetOf } from '../utils/download-rules';

type TDocumentRowActionsProps = {
  row: TDocument;
  /** What this viewer may do with the row (state machine and role). */
  can: TDocumentActions;
  downloading: boolean;
  onDownload: () => void;
  onDetails: () => void;
  onCancel: () => void;
  onDelete: () => void;
};

/** A document row's download button and its menu (details, and what the viewer may do). */
export const DocumentRowActions = ({
  row,
  can,
  downloading,
  onDownload,
  onDetails,
  onCancel,
  onDelete,
}: TDocumentRowActionsProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <RowActions
      name={row.document_file}
      actions={[
        {
          label: t('stamping.actions.download'),
          icon: <IconDownload size={18} />,
          onClick: onDownload,
          loading: downloading,
          disabled: downloadTargetOf(row).kind === 'none',
          testId: 'document-download',
        },
      ]}
    >
      <RowMenu
        label={t('stamping.list.actionsFor', { name: row.document_file })}
        testId="document-menu"
        entries={[
          {
            label: t('stamping.actions.details'),
            icon: <IconFileDescription size={16} />,
            onClick: onDetails,
            testId: 'document-details',
          },
          {
            label: t('stamping.actions.continue'),
            icon: <IconPencil size={16} />,
            onClick: () => navigate(draftPath(row.document_id)),
            testId: 'document-continue',
            hidden: !can.continueDraft,
          },
          {
            label: t('stamping.actions.sign'),
            icon: <IconSignature size={16} />,
            onClick: () => navigate(esignPath(row.document_id)),
            testId: 'document-sign',
            hidden: !can.sign,
          },
          { divider: true, hidden: !(can.cancel || can.remove) },
          {
            label: t('stamping.actions.cancelDocument'),
            icon: <IconX size={16} />,
            onClick: onCancel,
            testId: 'document-cancel',
            hidden: !can.cancel,
          },
          {
            label: t('stamping.actions.delete'),
            icon: <IconTrash size={16} />,
            onClick: onDelete,
            testId: 'document-delete',
            color: 'red',
            hidden: !can.remove,
          },
        ]}
      />
    </RowActions>
  );
};
