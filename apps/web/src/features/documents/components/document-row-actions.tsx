import type { TDocument, TDocumentActions } from '@bubuh/contracts';
import { IconDownload, IconFileDescription, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RowMenu } from '@/components/menu-actions';
import { RowActions } from '@/components/row-actions';
import { documentActionItems } from './document-action-items';

type TDocumentRowActionsProps = {
  row: TDocument;
  /** What this viewer may do with the row (state machine and role). */
  can: TDocumentActions;
  downloading: boolean;
  /** What each action does. */
  on: Record<'download' | 'details' | 'cancel' | 'delete', () => void>;
};

/** A document row's download button and its menu (details, and what the viewer may do). */
export const DocumentRowActions = ({ row, can, downloading, on }: TDocumentRowActionsProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const items = documentActionItems(t, row, can, 16);
  return (
    <RowActions
      name={row.document_file}
      actions={[
        {
          ...items.download,
          icon: <IconDownload size={18} />,
          onClick: on.download,
          loading: downloading,
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
            onClick: on.details,
            testId: 'document-details',
          },
          ...(['continue', 'sign', 'askAgain'] as const).map((key) => {
            const { to, ...item } = items[key];
            return { ...item, onClick: () => navigate(to), testId: `document-${key}` };
          }),
          { divider: true, hidden: !(can.cancel || can.remove) },
          {
            label: t('stamping.actions.cancelDocument'),
            icon: <IconX size={16} />,
            onClick: on.cancel,
            testId: 'document-cancel',
            hidden: !can.cancel,
          },
          {
            label: t('stamping.actions.delete'),
            icon: <IconTrash size={16} />,
            onClick: on.delete,
            testId: 'document-delete',
            color: 'red',
            hidden: !can.remove,
          },
        ]}
      />
    </RowActions>
  );
};
