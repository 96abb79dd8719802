import type { TLockerItem } from '@bubuh/contracts';
import { Button, Center, Group, Image, Loader, Modal, ScrollArea, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfViewer } from '@/components/pdf-viewer/pdf-viewer';
import { fetchLockerFile } from '../api/locker';
import { kindOf } from '../utils/locker-format';

type TLoaded =
  | { kind: 'pdf'; data: ArrayBuffer }
  | { kind: 'image'; url: string }
  | { kind: 'text'; text: string }
  | { kind: 'none' };

/** Shows a PDF (pdf.js), an image or a text file in the browser; anything else offers the download. */
export const LockerPreview = ({
  item,
  onClose,
  onDownload,
}: {
  item: TLockerItem | null;
  onClose: () => void;
  onDownload: (item: TLockerItem) => void;
}) => {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<TLoaded | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setLoaded(null);
    setFailed(false);
    if (!item) return;
    const kind = kindOf(item.mime_type, item.type);
    if (kind !== 'pdf' && kind !== 'image' && kind !== 'text') {
      setLoaded({ kind: 'none' });
      return;
    }
    let url: string | null = null;
    let cancelled = false;
    fetchLockerFile(item.file_manager_id)
      .then(async (blob) => {
        if (cancelled) return;
        if (kind === 'pdf') setLoaded({ kind: 'pdf', data: await blob.arrayBuffer() });
        else if (kind === 'text') setLoaded({ kind: 'text', text: await blob.text() });
        else {
          url = URL.createObjectURL(blob);
          setLoaded({ kind: 'image', url });
        }
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [item]);

  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={item?.name}
      size="xl"
      radius="lg"
      centered
    >
      <div data-testid="locker-preview">
        {failed ? (
          <Text c="red">{t('locker.previewFailed')}</Text>
        ) : !loaded ? (
          <Center h={200}>
            <Loader />
          </Center>
        ) : loaded.kind === 'pdf' ? (
          <ScrollArea h="70vh">
            <PdfViewer data={loaded.data} boxes={[]} testId="locker-pdf" />
          </ScrollArea>
        ) : loaded.kind === 'image' ? (
          <Image src={loaded.url} alt={item?.name} fit="contain" mah="70vh" />
        ) : loaded.kind === 'text' ? (
          <ScrollArea h="60vh">
            <Text component="pre" fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {loaded.text}
            </Text>
          </ScrollArea>
        ) : (
          <Text c="dimmed">{t('locker.noPreview')}</Text>
        )}
        {item ? (
          <Group justify="flex-end" mt="md">
            <Button
              leftSection={<IconDownload size={16} />}
              variant="default"
              onClick={() => onDownload(item)}
            >
              {t('locker.actions.download')}
            </Button>
          </Group>
        ) : null}
      </div>
    </Modal>
  );
};
