import { Button, FileInput, Image, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconPencil, IconPhoto, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogModal } from '@/components/forms/dialog-modal';
import { SignaturePad, type TSignaturePadHandle } from '@/components/signature-pad/signature-pad';
import { SPECIMEN_TYPES, specimenFileProblem } from '@/components/signature-pad/specimen';
import { DialogActions } from '@/components/ui/dialog-actions';
import { serverMessage } from '@/lib/api-errors';
import { notifySuccess } from '@/lib/notify';
import { useObjectUrl } from '@/lib/use-object-url';
import { useCreateSpecimen } from '../api/esign';

type TAddSpecimenModalProps = { opened: boolean; onClose: () => void };

type TTab = 'draw' | 'upload';

/** "Add specimen": draw on the pad or upload a PNG/JPEG of up to 1 MB. */
export const AddSpecimenModal = ({ opened, onClose }: TAddSpecimenModalProps) => {
  const { t } = useTranslation();
  const create = useCreateSpecimen();
  const pad = useRef<TSignaturePadHandle>(null);
  const [tab, setTab] = useState<TTab>('draw');
  const [name, setName] = useState('');
  const [padEmpty, setPadEmpty] = useState(true);
  const [file, setFile] = useState<File | null>(null);
  const preview = useObjectUrl(file);
  const [localError, setLocalError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens.
  useEffect(() => {
    if (!opened) return;
    setTab('draw');
    setName('');
    setPadEmpty(true);
    setFile(null);
    setLocalError(null);
    create.reset();
  }, [opened]);

  const chooseFile = (chosen: File | null) => {
    create.reset();
    setFile(chosen);
    const problem = chosen ? specimenFileProblem(chosen) : null;
    setLocalError(problem ? t(`master.esign.fileProblem.${problem}`) : null);
  };

  const save = async () => {
    setLocalError(null);
    let blob: Blob | null = null;
    if (tab === 'draw') {
      blob = (await pad.current?.toBlob()) ?? null;
      if (!blob) {
        setLocalError(t('master.esign.drawFirst'));
        return;
      }
    } else {
      if (!file) {
        setLocalError(t('master.esign.chooseFirst'));
        return;
      }
      const problem = specimenFileProblem(file);
      if (problem) {
        setLocalError(t(`master.esign.fileProblem.${problem}`));
        return;
      }
      blob = file;
    }
    create.mutate(
      { file: blob, source: tab === 'draw' ? 'drawn' : 'upload', name },
      {
        onSuccess: () => {
          notifySuccess(t('master.toast.add', { entity: t('master.entity.esign') }));
          onClose();
        },
      },
    );
  };

  const error = localError ?? (create.error ? serverMessage(create.error, t) : null);
  const ready = tab === 'draw' ? !padEmpty : file !== null;

  return (
    <DialogModal opened={opened} onClose={onClose} title={t('master.esign.add')} size="lg">
      <Stack gap="md" data-testid="add-specimen">
        <TextInput
          label={t('master.esign.name')}
          description={t('master.esign.nameHint')}
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.currentTarget.value)}
          data-testid="specimen-name"
        />
        <Tabs
          value={tab}
          onChange={(value) => {
            setTab(value === 'upload' ? 'upload' : 'draw');
            setLocalError(null);
            create.reset();
          }}
          keepMounted
        >
          <Tabs.List>
            <Tabs.Tab value="draw" leftSection={<IconPencil size={16} />} data-testid="tab-draw">
              {t('master.esign.draw')}
            </Tabs.Tab>
            <Tabs.Tab
              value="upload"
              leftSection={<IconUpload size={16} />}
              data-testid="tab-upload"
            >
              {t('master.esign.upload')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="draw" pt="md">
            <SignaturePad ref={pad} onChange={setPadEmpty} />
          </Tabs.Panel>
          <Tabs.Panel value="upload" pt="md">
            <Stack gap="sm">
              <FileInput
                label={t('master.esign.file')}
                description={t('master.esign.fileHint')}
                placeholder={t('master.esign.filePlaceholder')}
                accept={SPECIMEN_TYPES.join(',')}
                value={file}
                onChange={chooseFile}
                clearable
                leftSection={<IconPhoto size={16} />}
                data-testid="specimen-file"
              />
              {preview && !localError ? (
                <Image
                  src={preview}
                  alt={t('master.esign.preview')}
                  h={160}
                  fit="contain"
                  radius="md"
                  bg="gray.0"
                />
              ) : null}
              <Text fz="xs" c="dimmed">
                {t('master.esign.uploadNote')}
              </Text>
            </Stack>
          </Tabs.Panel>
        </Tabs>
        <DialogActions
          error={error}
          errorTestId="specimen-error"
          loading={create.isPending}
          onCancel={onClose}
          gap="sm"
        >
          <Button
            onClick={() => void save()}
            loading={create.isPending}
            disabled={!ready}
            data-testid="specimen-save"
          >
            {t('master.actions.save')}
          </Button>
        </DialogActions>
      </Stack>
    </DialogModal>
  );
};
