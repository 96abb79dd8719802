import type { TDocument, TDocumentActions } from '@bubuh/contracts';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconDotsVertical,
  IconDownload,
  IconFileDescription,
  IconPencil,
  IconSignature,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
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
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="secondary"
            aria-label={t('stamping.list.actionsFor', { name: row.document_file })}
            data-testid="document-menu"
          >
            <IconDotsVertical size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconFileDescription size={16} />}
            onClick={onDetails}
            data-testid="document-details"
          >
            {t('stamping.actions.details')}
          </Menu.Item>
          {can.continueDraft ? (
            <Menu.Item
              leftSection={<IconPencil size={16} />}
              onClick={() => navigate(draftPath(row.document_id))}
              data-testid="document-continue"
            >
              {t('stamping.actions.continue')}
            </Menu.Item>
          ) : null}
          {can.sign ? (
            <Menu.Item
              leftSection={<IconSignature size={16} />}
              onClick={() => navigate(esignPath(row.document_id))}
              data-testid="document-sign"
            >
              {t('stamping.actions.sign')}
            </Menu.Item>
          ) : null}
          {can.cancel || can.remove ? <Menu.Divider /> : null}
          {can.cancel ? (
            <Menu.Item
              leftSection={<IconX size={16} />}
              onClick={onCancel}
              data-testid="document-cancel"
            >
              {t('stamping.actions.cancelDocument')}
            </Menu.Item>
          ) : null}
          {can.remove ? (
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={onDelete}
              data-testid="document-delete"
            >
              {t('stamping.actions.delete')}
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
    </RowActions>
  );
};
