import type { TLockerItem } from '@bubuh/contracts';
import {
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  Loader,
  Modal,
  NavLink,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconFile, IconFileTypePdf, IconFolder } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/api-errors';
import type { TUploaded } from '@/lib/document-queries';
import { notifyError } from '@/lib/notify';
import { useLockerListing, useLockerToDocument, useStorageUse } from '../api/locker';

const showNotice = (message: string) =>
  notifications.show({ message, color: 'yellow', autoClose: 10_000, withBorder: true });

const isPdf = (item: TLockerItem) => item.type === 'file' && item.mime_type === 'application/pdf';

type TPickerProps = {
  /** The chosen PDF is now a draft document (continue as after an upload). */
  onDraft: (draft: TUploaded) => void;
};

/** The folders and PDFs of the private locker; a chosen PDF becomes a new draft document. */
const PickerBody = ({ onDraft }: TPickerProps) => {
  const { t } = useTranslation();
  const [folderId, setFolderId] = useState<number | null>(null);
  const listing = useLockerListing({
    space: 'private',
    folderId,
    search: '',
    sort: 'name',
    order: 'asc',
  });
  const toDocument = useLockerToDocument();
  const choose = (item: TLockerItem) =>
    toDocument
      .mutateAsync({ body: { file_manager_id: item.file_manager_id } })
      .then((body) => {
        // As after an upload: a repaired file and scripts in the PDF are pointed out.
        if (body.data.repaired) showNotice(body.message);
        if (body.data.javascript.count > 0)
          showNotice(t('stamping.javascript.body', { count: body.data.javascript.count }));
        onDraft(body.data);
      })
      .catch((error: unknown) => notifyError(serverMessage(error, t)));

  const data = listing.data;
  return (
    <Stack gap="sm">
      <Breadcrumbs>
        <Anchor component="button" type="button" fz="sm" onClick={() => setFolderId(null)}>
          {t('locker.root')}
        </Anchor>
        {(data?.breadcrumbs ?? []).map((crumb) => (
          <Anchor
            key={crumb.file_manager_id}
            component="button"
            type="button"
            fz="sm"
            onClick={() => setFolderId(crumb.file_manager_id)}
          >
            {crumb.name}
          </Anchor>
        ))}
      </Breadcrumbs>
      <ScrollArea.Autosize mah={360}>
        {!data ? (
          <Loader size="sm" />
        ) : data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('locker.picker.empty')}
          </Text>
        ) : (
          data.items.map((item) =>
            item.type === 'folder' ? (
              <NavLink
                key={item.file_manager_id}
                label={item.name}
                leftSection={<IconFolder size={18} />}
                onClick={() => setFolderId(item.file_manager_id)}
                data-testid="locker-picker-folder"
              />
            ) : (
              <NavLink
                key={item.file_manager_id}
                label={item.name}
                description={isPdf(item) ? undefined : t('locker.picker.onlyPdf')}
                leftSection={isPdf(item) ? <IconFileTypePdf size={18} /> : <IconFile size={18} />}
                disabled={!isPdf(item) || toDocument.isPending}
                onClick={() => choose(item)}
                aria-label={`${t('locker.picker.choose')}: ${item.name}`}
                data-testid="locker-picker-file"
              />
            ),
          )
        )}
      </ScrollArea.Autosize>
      {toDocument.isPending ? <Loader size="sm" /> : null}
    </Stack>
  );
};

/** "Choose from Digital Locker" (shown when the plan has the locker) and its picker. */
export const LockerPdfPicker = ({ onDraft }: TPickerProps) => {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const use = useStorageUse();
  if (!use.data?.is_digital_locker) return null;
  return (
    <>
      <Group>
        <Button
          variant="default"
          leftSection={<IconArchive size={16} />}
          onClick={() => setOpened(true)}
          data-testid="locker-picker-open"
        >
          {t('locker.picker.button')}
        </Button>
      </Group>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('locker.picker.title')}>
        {opened ? <PickerBody onDraft={onDraft} /> : null}
      </Modal>
    </>
  );
};
