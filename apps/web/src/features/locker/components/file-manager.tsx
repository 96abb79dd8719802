import type { TLockerItem, TLockerSort, TLockerSpace } from '@bubuh/contracts';
import { Alert, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { type DragEvent, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryFallback } from '@/components/query-fallback';
import { serverMessage } from '@/lib/api-errors';
import { draftPath } from '@/lib/document-paths';
import { notifyError, notifySuccess } from '@/lib/notify';
import { saveBlob } from '@/lib/save-blob';
import {
  fetchFolderZip,
  fetchLockerFile,
  useCreateFolder,
  useDeleteItems,
  useLockerListing,
  useLockerToDocument,
  useMoveItems,
  useRenameItem,
  useStorageUse,
} from '../api/locker';
import { MoveModal, NameModal } from './locker-dialogs';
import { LockerItems, type TItemAction } from './locker-items';
import { LockerPreview } from './locker-preview';
import { LockerToolbar } from './locker-toolbar';
import { LockerTrash } from './locker-trash';
import { StorageGauge } from './storage-gauge';
import { UploadQueue, useUploads } from './upload-queue';

type TDialog =
  | { kind: 'new-folder' }
  | { kind: 'rename'; item: TLockerItem }
  | { kind: 'move'; items: TLockerItem[] }
  | { kind: 'delete'; items: TLockerItem[] }
  | null;

/**
 * /document/file-manager: the digital locker as a cloud drive (breadcrumbs, list and grid,
 * sort, search across folders, multi-select, drag-and-drop upload with progress, preview,
 * rename / move / delete with confirmation, the trash and the storage gauge). `planLink` is
 * shown when the plan has no locker.
 */
export const FileManager = ({ planLink }: { planLink: ReactNode }) => {
  const { t } = useTranslation();
  const use = useStorageUse();
  const [space, setSpace] = useState<TLockerSpace>('private');
  const [folderId, setFolderId] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [sort, setSort] = useState<{ sort: TLockerSort; order: 'asc' | 'desc' }>({
    sort: 'name',
    order: 'asc',
  });
  const [view, setView] = useState<'list' | 'grid'>('list');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [trash, setTrash] = useState(false);
  const [dialog, setDialog] = useState<TDialog>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [preview, setPreview] = useState<TLockerItem | null>(null);
  const [dragging, setDragging] = useState(false);
  const listing = useLockerListing({ space, folderId, search: debounced, ...sort });
  const target = useMemo(() => ({ space, parentId: folderId }), [space, folderId]);
  const uploads = useUploads(target);
  const createFolder = useCreateFolder();
  const rename = useRenameItem();
  const move = useMoveItems();
  const remove = useDeleteItems();
  const toDocument = useLockerToDocument();
  const navigate = useNavigate();

  if (!use.data) return <QueryFallback pending={use.isPending} error={use.error} />;
  const status = use.data;
  if (!status.is_digital_locker) {
    return (
      <Paper withBorder radius="lg" p="xl" data-testid="locker-unavailable">
        <Stack align="center" gap="sm">
          <IconLock size={40} />
          <Text fw={600}>{t('locker.unavailable.title')}</Text>
          <Text c="dimmed" ta="center" maw={480}>
            {t('locker.unavailable.body')}
          </Text>
          {planLink}
        </Stack>
      </Paper>
    );
  }
  const canWrite = !status.read_only && (space === 'private' || status.can_manage_shared);
  const items = listing.data?.items ?? [];
  const byId = new Map(items.map((i) => [i.file_manager_id, i]));
  const selectedItems = [...selected]
    .map((id) => byId.get(id))
    .filter((i): i is TLockerItem => !!i);

  const openFolder = (id: number | null) => {
    setFolderId(id);
    setSelected(new Set());
    setSearch('');
  };
  const closeDialog = () => {
    setDialog(null);
    setDialogError(null);
  };
  const fail = (error: unknown) => setDialogError(serverMessage(error, t));
  const done = (message: string) => {
    notifySuccess(message);
    closeDialog();
    setSelected(new Set());
    void use.refetch();
  };
  const download = (item: TLockerItem) =>
    fetchLockerFile(item.file_manager_id)
      .then((blob) => saveBlob(blob, item.name))
      .catch((error: unknown) => notifyError(serverMessage(error, t)));
  const onAction = (action: TItemAction, item: TLockerItem) => {
    if (action === 'open') {
      if (item.type === 'folder') openFolder(item.file_manager_id);
      else setPreview(item);
    } else if (action === 'download') void download(item);
    else if (action === 'zip')
      fetchFolderZip(item.file_manager_id)
        .then((blob) => saveBlob(blob, `${item.name}.zip`))
        .catch((error: unknown) => notifyError(serverMessage(error, t)));
    else if (action === 'stamp')
      toDocument
        .mutateAsync({ body: { file_manager_id: item.file_manager_id } })
        .then((body) => navigate(draftPath(body.data.document_id)))
        .catch((error: unknown) => notifyError(serverMessage(error, t)));
    else if (action === 'rename') setDialog({ kind: 'rename', item });
    else if (action === 'move') setDialog({ kind: 'move', items: [item] });
    else setDialog({ kind: 'delete', items: [item] });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!canWrite) return;
    const files = [...event.dataTransfer.files];
    if (files.length > 0) void uploads.start(files).then(() => use.refetch());
  };
  const deleting = dialog?.kind === 'delete' ? dialog.items : [];
  const held = deleting.reduce((sum, i) => sum + (i.type === 'folder' ? i.item_count : 0), 0);

  return (
    <Stack gap="md" data-testid="file-manager">
      <Group align="flex-start" justify="space-between">
        <Box style={{ flex: 1 }}>
          <Text c="dimmed" fz="sm" maw={560}>
            {t('locker.intro')}
          </Text>
        </Box>
        <Box w={300}>
          <StorageGauge use={status} />
        </Box>
      </Group>
      {status.read_only ? (
        <Alert color="orange" variant="light">
          {t('locker.readOnly')}
        </Alert>
      ) : null}
      <LockerToolbar
        space={space}
        hasShared={status.has_shared_space}
        onSpace={(value) => {
          setSpace(value);
          openFolder(null);
        }}
        breadcrumbs={listing.data?.breadcrumbs ?? []}
        onOpenFolder={openFolder}
        search={search}
        onSearch={setSearch}
        sort={sort.sort}
        order={sort.order}
        onSort={(value, order) => setSort({ sort: value, order })}
        view={view}
        onView={setView}
        canWrite={canWrite}
        onNewFolder={() => setDialog({ kind: 'new-folder' })}
        onUpload={(files) => void uploads.start(files).then(() => use.refetch())}
        trash={trash}
        onTrash={setTrash}
      />
      {trash ? (
        <LockerTrash readOnly={status.read_only} />
      ) : (
        <>
          {selectedItems.length > 0 ? (
            <Paper withBorder radius="md" p="xs" data-testid="locker-selection">
              <Group justify="space-between">
                <Text fz="sm">{t('locker.selected', { count: selectedItems.length })}</Text>
                <Group gap="xs">
                  {canWrite ? (
                    <>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setDialog({ kind: 'move', items: selectedItems })}
                      >
                        {t('locker.actions.move')}
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        onClick={() => setDialog({ kind: 'delete', items: selectedItems })}
                        data-testid="locker-delete-selected"
                      >
                        {t('locker.actions.delete')}
                      </Button>
                    </>
                  ) : null}
                  <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
                    {t('locker.clearSelection')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          ) : null}
          <UploadQueue uploads={uploads.uploads} onDismiss={uploads.dismiss} />
          <Box
            data-testid="locker-dropzone"
            onDragOver={(event) => {
              event.preventDefault();
              if (canWrite) setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            style={{
              minHeight: 240,
              borderRadius: 12,
              border: dragging
                ? '2px dashed var(--mantine-color-blue-5)'
                : '2px dashed transparent',
              background: dragging ? 'var(--mantine-color-blue-light)' : undefined,
            }}
          >
            {!listing.data ? (
              <QueryFallback pending={listing.isPending} error={listing.error} />
            ) : items.length === 0 ? (
              <Text c="dimmed" ta="center" py={80}>
                {debounced.trim()
                  ? t('locker.noResults')
                  : t(canWrite ? 'locker.emptyDrop' : 'locker.empty')}
              </Text>
            ) : (
              <LockerItems
                items={items}
                view={view}
                selected={selected}
                onToggle={(id) =>
                  setSelected((current) => {
                    const next = new Set(current);
                    if (!next.delete(id)) next.add(id);
                    return next;
                  })
                }
                onToggleAll={(ids) =>
                  setSelected((current) =>
                    ids.every((id) => current.has(id)) ? new Set() : new Set(ids),
                  )
                }
                onAction={onAction}
                readOnly={!canWrite}
                showPath={debounced.trim().length > 0}
              />
            )}
          </Box>
        </>
      )}
      <NameModal
        opened={dialog?.kind === 'new-folder' || dialog?.kind === 'rename'}
        title={t(dialog?.kind === 'rename' ? 'locker.renameTitle' : 'locker.newFolder')}
        initial={dialog?.kind === 'rename' ? dialog.item.name : ''}
        submitLabel={t(dialog?.kind === 'rename' ? 'locker.actions.rename' : 'locker.create')}
        loading={createFolder.isPending || rename.isPending}
        error={dialogError}
        onClose={closeDialog}
        onSubmit={(name) => {
          if (dialog?.kind === 'rename') {
            rename
              .mutateAsync({ body: { file_manager_id: dialog.item.file_manager_id, name } })
              .then((body) => done(body.message), fail);
          } else {
            createFolder
              .mutateAsync({ body: { name, parent_id: folderId, space } })
              .then((body) => done(body.message), fail);
          }
        }}
      />
      <MoveModal
        opened={dialog?.kind === 'move'}
        space={space}
        moving={dialog?.kind === 'move' ? dialog.items : []}
        loading={move.isPending}
        error={dialogError}
        onClose={closeDialog}
        onSubmit={(parentId) => {
          if (dialog?.kind !== 'move') return;
          move
            .mutateAsync({
              body: { ids: dialog.items.map((i) => i.file_manager_id), parent_id: parentId },
            })
            .then((body) => done(body.message), fail);
        }}
      />
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title={t('locker.deleteTitle', { count: deleting.length })}
        body={
          deleting.length === 1 && deleting[0]
            ? held > 0
              ? t('locker.deleteFolderBody', { name: deleting[0].name, count: held })
              : t('locker.deleteBody', { name: deleting[0].name })
            : t('locker.deleteManyBody', { count: deleting.length, held })
        }
        confirmLabel={t('locker.actions.delete')}
        error={dialogError}
        onClose={closeDialog}
        onConfirm={() => remove.run(deleting.map((i) => i.file_manager_id)).then(done, fail)}
        testId="locker-delete-confirm"
      />
      <LockerPreview item={preview} onClose={() => setPreview(null)} onDownload={download} />
    </Stack>
  );
};
