import { formatDate, type TEsignSpecimen } from '@bubuh/contracts';
import { ActionIcon, Badge, Card, Group, Loader, Menu, Text } from '@mantine/core';
import {
  IconDotsVertical,
  IconPencil,
  IconPhotoOff,
  IconStar,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuthorizedImage } from '../api/esign';
import classes from './esign.module.css';

type TSpecimenCardProps = {
  specimen: TEsignSpecimen;
  onRename: () => void;
  onMakeDefault: () => void;
  onDelete: () => void;
  busy?: boolean;
};

export const SpecimenCard = ({
  specimen,
  onRename,
  onMakeDefault,
  onDelete,
  busy = false,
}: TSpecimenCardProps) => {
  const { t } = useTranslation();
  const image = useAuthorizedImage(specimen.image_url);
  return (
    <Card
      withBorder
      padding="md"
      className={classes.card}
      data-default={specimen.is_default || undefined}
      data-testid={`specimen-card-${specimen.id}`}
      data-specimen-name={specimen.name}
    >
      <div className={classes.specimenImage}>
        {image.src ? (
          <img src={image.src} alt={specimen.name} data-testid="specimen-image" />
        ) : image.failed ? (
          <IconPhotoOff
            size={28}
            color="var(--mantine-color-dimmed)"
            aria-label={t('master.esign.imageFailed')}
          />
        ) : (
          <Loader size="sm" />
        )}
      </div>
      <Group justify="space-between" mt="md" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate="end" data-testid="specimen-card-name">
            {specimen.name}
          </Text>
          <Text fz="xs" c="dimmed">
            {t(`master.esign.source.${specimen.source}`)} · {formatDate(specimen.created_at)}
          </Text>
        </div>
        <Group gap={6} wrap="nowrap">
          {specimen.is_default ? (
            <Badge variant="light" color="brand" data-testid="specimen-default">
              {t('master.esign.default')}
            </Badge>
          ) : null}
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
        </Group>
      </Group>
    </Card>
  );
};
