import type { TDocument, TDocumentActions } from '@bubuh/contracts';
import { IconDownload, IconPencil, IconSignature, IconUsersPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { draftPath, esignPath } from '@/lib/document-paths';
import { downloadTargetOf } from '../utils/download-rules';

/**
 * The actions a document offers in its row menu and in its details drawer: download, continue
 * the draft, sign, ask again once a signing round stopped (each with its label, icon, and the
 * page it opens or whether it is hidden).
 */
export const documentActionItems = (
  t: TFunction,
  doc: TDocument,
  can: TDocumentActions,
  iconSize: number,
) => ({
  download: {
    label: t('stamping.actions.download'),
    icon: <IconDownload size={iconSize} />,
    disabled: downloadTargetOf(doc).kind === 'none',
  },
  continue: {
    label: t('stamping.actions.continue'),
    icon: <IconPencil size={iconSize} />,
    to: draftPath(doc.document_id),
    hidden: !can.continueDraft,
  },
  sign: {
    label: t('stamping.actions.sign'),
    icon: <IconSignature size={iconSize} />,
    to: esignPath(doc.document_id),
    hidden: !can.sign,
  },
  askAgain: {
    label: t('stamping.actions.askAgain'),
    icon: <IconUsersPlus size={iconSize} />,
    to: esignPath(doc.document_id),
    hidden: !(can.askSigners && doc.signing_status === 'stopped'),
  },
});
