import {
  type TLockerListing,
  type TLockerSort,
  type TLockerSpace,
  ZLockerSort,
} from '@bubuh/contracts';
import {
  ActionIcon,
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  SegmentedControl,
  Select,
  TextInput,
} from '@mantine/core';
import {
  IconFolderPlus,
  IconLayoutGrid,
  IconList,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PickFileButton } from '@/components/forms/pick-file-button';
import { FilingFolderControl } from './filing-folder-control';

type TToolbarProps = {
  space: TLockerSpace;
  hasShared: boolean;
  onSpace: (space: TLockerSpace) => void;
  breadcrumbs: TLockerListing['breadcrumbs'];
  onOpenFolder: (id: number | null) => void;
  search: string;
  onSearch: (value: string) => void;
  sort: TLockerSort;
  order: 'asc' | 'desc';
  onSort: (sort: TLockerSort, order: 'asc' | 'desc') => void;
  view: 'list' | 'grid';
  onView: (view: 'list' | 'grid') => void;
  canWrite: boolean;
  onNewFolder: () => void;
  onUpload: (files: File[]) => void;
  trash: boolean;
  onTrash: (on: boolean) => void;
};

export const LockerToolbar = (props: TToolbarProps) => {
  const { t } = useTranslation();
  return (
    <>
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          {props.hasShared ? (
            <SegmentedControl
              value={props.space}
              onChange={(value) => props.onSpace(value === 'shared' ? 'shared' : 'private')}
              data={[
                { value: 'private', label: t('locker.space.private') },
                { value: 'shared', label: t('locker.space.shared') },
              ]}
              data-testid="locker-space"
            />
          ) : null}
          <Button
            variant={props.trash ? 'filled' : 'default'}
            color={props.trash ? 'red' : undefined}
            leftSection={<IconTrash size={16} />}
            onClick={() => props.onTrash(!props.trash)}
            data-testid="locker-trash-toggle"
          >
            {t('locker.trash')}
          </Button>
          {props.trash ? null : <FilingFolderControl canWrite={props.canWrite} />}
        </Group>
        {!props.trash && props.canWrite ? (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconFolderPlus size={16} />}
              onClick={props.onNewFolder}
              data-testid="locker-new-folder"
            >
              {t('locker.newFolder')}
            </Button>
            <PickFileButton
              onPick={props.onUpload}
              multiple
              label={t('locker.upload.button')}
              icon={<IconUpload size={16} />}
              testId="locker-upload-button"
            />
          </Group>
        ) : null}
      </Group>
      {!props.trash ? (
        <Group justify="space-between" gap="sm">
          <Breadcrumbs data-testid="locker-breadcrumbs">
            <Anchor
              component="button"
              type="button"
              onClick={() => props.onOpenFolder(null)}
              fz="sm"
            >
              {t(props.space === 'shared' ? 'locker.space.shared' : 'locker.root')}
            </Anchor>
            {props.breadcrumbs.map((crumb) => (
              <Anchor
                key={crumb.file_manager_id}
                component="button"
                type="button"
                onClick={() => props.onOpenFolder(crumb.file_manager_id)}
                fz="sm"
              >
                {crumb.name}
              </Anchor>
            ))}
          </Breadcrumbs>
          <Group gap="xs">
            <TextInput
              placeholder={t('locker.search')}
              leftSection={<IconSearch size={14} />}
              value={props.search}
              onChange={(event) => props.onSearch(event.currentTarget.value)}
              w={220}
              data-testid="locker-search"
            />
            <Select
              w={130}
              value={props.sort}
              onChange={(value) =>
                props.onSort(ZLockerSort.safeParse(value).data ?? 'name', props.order)
              }
              data={(['name', 'date', 'size', 'type'] as const).map((value) => ({
                value,
                label: t(`locker.sort.${value}`),
              }))}
              allowDeselect={false}
              aria-label={t('locker.sortBy')}
            />
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => props.onSort(props.sort, props.order === 'asc' ? 'desc' : 'asc')}
              aria-label={t('locker.sortOrder')}
            >
              {props.order === 'asc' ? (
                <IconSortAscending size={16} />
              ) : (
                <IconSortDescending size={16} />
              )}
            </ActionIcon>
            <SegmentedControl
              value={props.view}
              onChange={(value) => props.onView(value === 'grid' ? 'grid' : 'list')}
              data={[
                { value: 'list', label: <IconList size={16} aria-label={t('locker.view.list')} /> },
                {
                  value: 'grid',
                  label: <IconLayoutGrid size={16} aria-label={t('locker.view.grid')} />,
                },
              ]}
            />
          </Group>
        </Group>
      ) : null}
    </>
  );
};
