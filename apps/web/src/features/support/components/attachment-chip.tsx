import type { TTicketAttachment } from '@bubuh/contracts';
import { ActionIcon, Group, Image, Modal, Paper, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconEye, IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '@/lib/notify';
import { fetchAttachment } from '../api/tickets';

const save = (blob: Blob, name: string) => {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

/** One attachment: preview (images in a dialog, PDFs in a new tab) and download. */
export const AttachmentChip = ({
  ticketId,
  file,
}: {
  ticketId: number;
  file: TTicketAttachment;
}) => {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  const isImage = file.mime.startsWith('image/');

  const load = async (then: (blob: Blob) => void) => {
    try {
      then(await fetchAttachment(ticketId, file.id));
    } catch {
      notifyError(t('support.attachment.failed'));
    }
  };
  const open = () =>
    load((blob) => {
      const url = URL.createObjectURL(blob);
      if (isImage) setPreview(url);
      else {
        window.open(url, '_blank', 'noopener');
        window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
      }
    });
  const close = () => {
    if (preview) URL.revokeObjectURL(preview);
    setPreview(null);
  };

  return (
    <Paper withBorder px="sm" py={4} radius="md" data-testid={`attachment-${file.id}`}>
      <Group gap={6} wrap="nowrap">
        {isImage ? <IconPhoto size={16} /> : <IconFileTypePdf size={16} />}
        <Text fz="sm" maw={220} truncate>
          {file.name}
        </Text>
        <Text fz="xs" c="dimmed">
          {Math.max(1, Math.round(file.size / 1024))} KB
        </Text>
        <Tooltip label={t('support.attachment.preview')}>
          <ActionIcon
            variant="subtle"
            size="sm"
            onClick={() => void open()}
            aria-label={`${t('support.attachment.preview')} ${file.name}`}
          >
            <IconEye size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('support.attachment.download')}>
          <ActionIcon
            variant="subtle"
            size="sm"
            onClick={() => void load((blob) => save(blob, file.name))}
            aria-label={`${t('support.attachment.download')} ${file.name}`}
          >
            <IconDownload size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Modal opened={preview !== null} onClose={close} title={file.name} size="xl" centered>
        {preview ? (
          <Image src={preview} alt={file.name} fit="contain" data-testid="attachment-preview" />
        ) : null}
      </Modal>
    </Paper>
  );
};
