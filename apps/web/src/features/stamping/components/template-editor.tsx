import type { TPlacement, TTemplate } from '@bubuh/contracts';
import {
  Alert,
  Button,
  Divider,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconDeviceFloppy, IconFileTypePdf, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fieldErrorsOf } from '@/lib/api-client';
import { serverMessage, statusMessage } from '@/lib/api-errors';
import { notifySuccess } from '@/lib/notify';
import { TEMPLATE_TYPES, type TTemplateType, useSaveTemplate, useTemplate } from '../api/templates';
import { placementSummary, templateTypeKey } from '../utils/format';
import {
  A4,
  clampEdge,
  defaultStampBox,
  fromPdfPlacement,
  moveToPage,
  resizeBox,
  STAMP_EDGE,
  type TPageGeometry,
  toPdfPlacement,
} from '../utils/placement';
import { PdfDropzone } from './pdf-dropzone';
import { PdfViewer } from './pdf-viewer';
import type { TViewerBox } from './placement-box';
import { StampMark } from './stamp-mark';
import classes from './stamping.module.css';

type TTemplateEditorProps = {
  /** null: a new template. */
  templateId: number | null;
  /** Where to go after saving or leaving. */
  backTo: string;
};

const MAX_BLANK_PAGES = 20;

/**
 * /master/edit-document-template/{id|new}: name, type and the e-Meterai placement of a template.
 * A sample PDF (read in the browser, not uploaded) shows where the box lands; without one, blank
 * A4 pages stand in.
 */
export const TemplateEditor = ({ templateId, backTo }: TTemplateEditorProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const existing = useTemplate(templateId);
  const save = useSaveTemplate();
  const [sample, setSample] = useState<{ name: string; data: ArrayBuffer } | null>(null);
  const [sampleError, setSampleError] = useState<string | null>(null);
  const [pages, setPages] = useState<TPageGeometry[]>([]);
  /** The placement in PDF points: the source of truth, shown on whatever pages are loaded. */
  const [placement, setPlacement] = useState<TPlacement | null>(null);
  const [esign, setEsign] = useState<TTemplate['esign']>([]);

  const form = useForm<{ name: string; type: TTemplateType }>({
    initialValues: { name: '', type: 'Surat Dokumen' },
    validate: {
      name: (value) =>
        value.trim().length >= 2 && value.trim().length <= 150
          ? null
          : t('stamping.templates.nameInvalid'),
    },
  });

  const loaded = existing.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once per template
  useEffect(() => {
    if (!loaded) return;
    form.setValues({ name: loaded.name, type: loaded.type });
    form.resetDirty();
    setPlacement(loaded.emeterai);
    setEsign(loaded.esign);
  }, [loaded?.id]);

  const blankPages = useMemo(
    () =>
      Array.from(
        { length: Math.min(MAX_BLANK_PAGES, Math.max(1, placement?.page ?? 1)) },
        () => A4,
      ),
    [placement?.page],
  );
  const shownPages = sample ? pages : blankPages;

  // A new template starts with the default box on page 1.
  useEffect(() => {
    if (templateId !== null || placement || shownPages.length === 0) return;
    const first = shownPages[0];
    if (first) setPlacement(toPdfPlacement(defaultStampBox(first), first));
  }, [templateId, placement, shownPages]);

  const box = placement ? fromPdfPlacement(placement, shownPages) : null;
  const geometry = box ? shownPages[box.page - 1] : undefined;

  const boxes: TViewerBox[] = box
    ? [
        {
          id: 'emeterai',
          box,
          kind: 'stamp',
          editable: true,
          square: true,
          label: t('stamping.box.label'),
          content: <StampMark />,
          testId: 'stamp-box',
        },
      ]
    : [];

  const readSample = async (file: File) => {
    setSampleError(null);
    try {
      setSample({ name: file.name, data: await file.arrayBuffer() });
    } catch {
      setSampleError(t('stamping.viewer.failed'));
    }
  };

  const submit = form.onSubmit((values) => {
    save.mutate(
      {
        id: templateId,
        input: { name: values.name.trim(), type: values.type, emeterai: placement, esign },
      },
      {
        onSuccess: () => {
          notifySuccess(
            templateId === null
              ? t('stamping.toast.templateAdded')
              : t('stamping.toast.templateUpdated'),
          );
          navigate(backTo);
        },
        onError: (error) => form.setErrors(fieldErrorsOf(error, ['name', 'type'])),
      },
    );
  });

  if (templateId !== null && existing.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  }
  if (templateId !== null && existing.error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        {statusMessage(existing.error, t)}
      </Alert>
    );
  }

  const pageCount = sample ? pages.length : MAX_BLANK_PAGES;

  return (
    <div className={classes.editor} data-testid="template-editor">
      <div className={classes.viewerPane}>
        <PdfViewer
          data={sample?.data ?? null}
          blankPages={blankPages}
          boxes={boxes}
          onPages={sample ? setPages : undefined}
          maxScale={1.4}
          onBoxChange={(_, next) => {
            const target = shownPages[next.page - 1];
            if (target) setPlacement(toPdfPlacement(next, target));
          }}
        />
      </div>

      <Paper withBorder p="lg" className={classes.sidePanel}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('stamping.templates.name')}
              withAsterisk
              maxLength={150}
              data-testid="template-name"
              {...form.getInputProps('name')}
            />
            <Select
              label={t('stamping.templates.type')}
              data={TEMPLATE_TYPES.map((type) => ({
                value: type,
                label: t(templateTypeKey(type)),
              }))}
              allowDeselect={false}
              withAsterisk
              data-testid="template-type"
              {...form.getInputProps('type')}
            />

            <Divider label={t('stamping.templates.sample')} labelPosition="left" />
            {sample ? (
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconFileTypePdf size={18} />
                  <Text fz="sm" truncate="end">
                    {sample.name}
                  </Text>
                </Group>
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconX size={14} />}
                  onClick={() => {
                    setSample(null);
                    setPages([]);
                  }}
                >
                  {t('stamping.templates.removeSample')}
                </Button>
              </Group>
            ) : (
              <PdfDropzone
                compact
                title={t('stamping.templates.sampleTitle')}
                hint={t('stamping.templates.sampleHint')}
                onFile={(file) => void readSample(file)}
                error={sampleError}
                testId="template-sample"
              />
            )}

            <Divider label={t('stamping.draft.placement')} labelPosition="left" />
            <Group grow gap="sm" align="flex-start">
              <NumberInput
                label={t('stamping.draft.page')}
                min={1}
                max={Math.max(1, pageCount)}
                value={box?.page ?? 1}
                allowDecimal={false}
                onChange={(value) => {
                  if (!box || typeof value !== 'number') return;
                  const page = Math.min(Math.max(1, Math.round(value)), Math.max(1, pageCount));
                  const targetPages = sample ? shownPages : Array.from({ length: page }, () => A4);
                  const moved = moveToPage(box, page, targetPages);
                  const target = targetPages[moved.page - 1];
                  if (target) setPlacement(toPdfPlacement(moved, target));
                  window.setTimeout(() => {
                    document
                      .querySelector(`[data-testid="pdf-page-${moved.page}"]`)
                      ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
                  }, 50);
                }}
                data-testid="template-page-number"
              />
              <NumberInput
                label={t('stamping.draft.size')}
                suffix=" pt"
                min={STAMP_EDGE.min}
                max={STAMP_EDGE.max}
                step={5}
                value={box ? Math.round(box.width) : STAMP_EDGE.default}
                onChange={(value) => {
                  if (!box || !geometry || typeof value !== 'number') return;
                  const edge = clampEdge(value);
                  setPlacement(
                    toPdfPlacement(
                      resizeBox(box, geometry, { width: edge, height: edge }, true),
                      geometry,
                    ),
                  );
                }}
              />
            </Group>
            {placement ? (
              <Text fz="xs" c="dimmed" data-testid="template-placement">
                {placementSummary(placement, t)}
              </Text>
            ) : null}
            {esign.length > 0 ? (
              <Text fz="xs" c="dimmed">
                {t('stamping.templates.esignKept', { count: esign.length })}
              </Text>
            ) : null}

            {save.error ? (
              <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
                {serverMessage(save.error, t)}
              </Alert>
            ) : null}
            <Group grow gap="sm">
              <Button variant="default" onClick={() => navigate(backTo)}>
                {t('stamping.actions.cancel')}
              </Button>
              <Button
                type="submit"
                leftSection={<IconDeviceFloppy size={16} />}
                loading={save.isPending}
                disabled={!placement}
                data-testid="template-save"
              >
                {t('stamping.actions.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </div>
  );
};
