import type { TEsignSpecimen } from '@bubuh/contracts';
import { IconPencil, IconStar, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RowMenu } from '@/components/menu-actions';

type TSpecimenActionsProps = {
  specimen: TEsignSpecimen;
  onRename: () => void;
  onMakeDefault: () => void;
  onDelete: () => void;
  busy?: boolean;
};

/** The row menu of a specimen: rename, make default (unless it is), delete. */
export const SpecimenActions = ({
  specimen,
  onRename,
  onMakeDefault,
  onDelete,
  busy = false,
}: TSpecimenActionsProps) => {
  const { t } = useTranslation();
  return (
    <RowMenu
      label={t('master.esign.actionsFor', { name: specimen.name })}
      testId="specimen-menu"
      loading={busy}
      entries={[
        {
          label: t('master.esign.rename'),
          icon: <IconPencil size={16} />,
          onClick: onRename,
          testId: 'specimen-rename',
        },
        {
          label: t('master.esign.makeDefault'),
          icon: <IconStar size={16} />,
          onClick: onMakeDefault,
          testId: 'specimen-make-default',
          hidden: specimen.is_default,
        },
        { divider: true },
        {
          label: t('master.actions.delete'),
          icon: <IconTrash size={16} />,
          onClick: onDelete,
          testId: 'specimen-delete',
          color: 'red',
        },
      ]}
    />
  );
};
