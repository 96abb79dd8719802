import type { TEsignSpecimen } from '@bubuh/contracts';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDotsVertical, IconPencil, IconStar, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

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
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="secondary"
          aria-label={t('master.esign.actionsFor', { name: specimen.name })}
          loading={busy}
          data-testid="specimen-menu"
        >
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconPencil size={16} />}
          onClick={onRename}
          data-testid="specimen-rename"
        >
          {t('master.esign.rename')}
        </Menu.Item>
        {!specimen.is_default ? (
          <Menu.Item
            leftSection={<IconStar size={16} />}
            onClick={onMakeDefault}
            data-testid="specimen-make-default"
          >
            {t('master.esign.makeDefault')}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={onDelete}
          data-testid="specimen-delete"
        >
          {t('master.actions.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
