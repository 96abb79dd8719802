import type { TLockerItem } from '@bubuh/contracts';
import {
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  IconDots,
  IconDownload,
  IconEye,
  IconFile,
  IconFileTypePdf,
  IconFolder,
  IconFolderSymlink,
  IconPencil,
  IconPhoto,
  IconRubberStamp,
  IconTrash,
  IconZip,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RowMenu } from '@/components/menu-actions';
import { formatBytes, kindOf } from '../utils/locker-format';

export type TItemAction = 'open' | 'download' | 'zip' | 'stamp' | 'rename' | 'move' | 'delete';

type TItemsProps = {
  items: TLockerItem[];
  view: 'list' | 'grid';
  selected: Set<number>;
  onToggle: (id: number) => void;
  onToggleAll: (ids: number[]) => void;
  onAction: (action: TItemAction, item: TLockerItem) => void;
  readOnly: boolean;
  /** Search results show the folder each item is in. */
  showPath: boolean;
};

const ItemIcon = ({ item, size = 20 }: { item: TLockerItem; size?: number }) => {
  const kind = kindOf(item.mime_type, item.type);
  if (kind === 'folder') return <IconFolder size={size} color="var(--mantine-color-yellow-6)" />;
  if (kind === 'pdf') return <IconFileTypePdf size={size} color="var(--mantine-color-red-6)" />;
  if (kind === 'image') return <IconPhoto size={size} color="var(--mantine-color-teal-6)" />;
  return <IconFile size={size} color="var(--mantine-color-gray-6)" />;
};

/** A table row of an item (named by `data-name`), tinted while selected. */
export const ItemRow = ({
  item,
  testId,
  selected = false,
  children,
}: {
  item: TLockerItem;
  testId: string;
  selected?: boolean;
  children: ReactNode;
}) => (
  <Table.Tr
    data-testid={testId}
    data-name={item.name}
    bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
  >
    {children}
  </Table.Tr>
);

/** An item's name and, under it, a dimmed note (its folder, when it was deleted). */
export const ItemName = ({ item, note }: { item: TLockerItem; note: string | null }) => (
  <div>
    <Text fz="sm" fw={500}>
      {item.name}
    </Text>
    {note ? (
      <Text fz="xs" c="dimmed">
        {note}
      </Text>
    ) : null}
  </div>
);

const ItemMenu = ({
  item,
  onAction,
  readOnly,
}: {
  item: TLockerItem;
  onAction: TItemsProps['onAction'];
  readOnly: boolean;
}) => {
  const { t } = useTranslation();
  const canChange = item.can_manage && !readOnly;
  return (
    <RowMenu
      label={t('locker.actions.more', { name: item.name })}
      testId={`locker-menu-${item.name}`}
      color="gray"
      icon={<IconDots size={16} />}
      isolated
      entries={(
        [
          [
            'open',
            item.type === 'folder' ? 'locker.actions.openFolder' : 'locker.actions.preview',
            <IconEye key="icon" size={14} />,
            true,
          ],
          [
            'download',
            'locker.actions.download',
            <IconDownload key="icon" size={14} />,
            item.type === 'file',
          ],
          ['zip', 'locker.actions.zip', <IconZip key="icon" size={14} />, item.type !== 'file'],
          [
            'stamp',
            'locker.actions.stamp',
            <IconRubberStamp key="icon" size={14} />,
            item.mime_type === 'application/pdf',
          ],
          ['rename', 'locker.actions.rename', <IconPencil key="icon" size={14} />, canChange],
          ['move', 'locker.actions.move', <IconFolderSymlink key="icon" size={14} />, canChange],
          ['delete', 'locker.actions.delete', <IconTrash key="icon" size={14} />, canChange],
        ] as const
      ).map(([action, label, icon, shown]) => ({
        label: t(label),
        icon,
        onClick: () => onAction(action, item),
        color: action === 'delete' ? 'red' : undefined,
        hidden: !shown,
      }))}
    />
  );
};

/** The open folder's items as a table or as a grid of cards; click opens, the box selects. */
export const LockerItems = ({
  items,
  view,
  selected,
  onToggle,
  onToggleAll,
  onAction,
  readOnly,
  showPath,
}: TItemsProps) => {
  const { t, i18n } = useTranslation();
  const date = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language === 'id' ? 'id-ID' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
  const size = (item: TLockerItem) =>
    item.type === 'folder'
      ? t('locker.itemCount', { count: item.item_count })
      : formatBytes(item.size, i18n.language);
  const all = items.map((i) => i.file_manager_id);
  const allSelected = all.length > 0 && all.every((id) => selected.has(id));

  if (view === 'grid') {
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="sm" data-testid="locker-grid">
        {items.map((item) => (
          <Card
            key={item.file_manager_id}
            withBorder
            radius="md"
            padding="sm"
            data-testid="locker-item"
            data-name={item.name}
            style={{
              cursor: 'pointer',
              outline: selected.has(item.file_manager_id)
                ? '2px solid var(--mantine-color-blue-5)'
                : undefined,
            }}
            onClick={() => onAction('open', item)}
          >
            <Group justify="space-between" wrap="nowrap" mb="xs">
              <Checkbox
                size="xs"
                checked={selected.has(item.file_manager_id)}
                onChange={() => onToggle(item.file_manager_id)}
                onClick={(event) => event.stopPropagation()}
                aria-label={t('locker.select', { name: item.name })}
              />
              <ItemMenu item={item} onAction={onAction} readOnly={readOnly} />
            </Group>
            <Stack align="center" gap={4}>
              <ItemIcon item={item} size={40} />
              <Text fz="sm" fw={500} ta="center" lineClamp={2} style={{ wordBreak: 'break-word' }}>
                {item.name}
              </Text>
              <Text fz="xs" c="dimmed">
                {size(item)}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table highlightOnHover verticalSpacing="xs" data-testid="locker-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <Checkbox
                size="xs"
                checked={allSelected}
                indeterminate={!allSelected && all.some((id) => selected.has(id))}
                onChange={() => onToggleAll(all)}
                aria-label={t('locker.selectAll')}
              />
            </Table.Th>
            <Table.Th>{t('locker.columns.name')}</Table.Th>
            <Table.Th>{t('locker.columns.modified')}</Table.Th>
            <Table.Th>{t('locker.columns.size')}</Table.Th>
            <Table.Th>{t('locker.columns.type')}</Table.Th>
            <Table.Th w={48} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <ItemRow
              key={item.file_manager_id}
              item={item}
              testId="locker-item"
              selected={selected.has(item.file_manager_id)}
            >
              <Table.Td>
                <Checkbox
                  size="xs"
                  checked={selected.has(item.file_manager_id)}
                  onChange={() => onToggle(item.file_manager_id)}
                  aria-label={t('locker.select', { name: item.name })}
                />
              </Table.Td>
              <Table.Td>
                <UnstyledButton onClick={() => onAction('open', item)} data-testid="locker-open">
                  <Group gap="xs" wrap="nowrap">
                    <ItemIcon item={item} />
                    <ItemName
                      item={item}
                      note={showPath && item.path.length > 0 ? item.path.join(' / ') : null}
                    />
                    {item.serial_number ? (
                      <Text
                        fz="xs"
                        ff="monospace"
                        c="dimmed"
                        title={t('locker.serial')}
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        {item.serial_number}
                      </Text>
                    ) : null}
                  </Group>
                </UnstyledButton>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{date(item.updated_at)}</Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{size(item)}</Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{t(`locker.kind.${kindOf(item.mime_type, item.type)}`)}</Text>
              </Table.Td>
              <Table.Td>
                <ItemMenu item={item} onAction={onAction} readOnly={readOnly} />
              </Table.Td>
            </ItemRow>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
