import { formatIDR } from '@bubuh/contracts';
import {
  Alert,
  Button,
  Divider,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconFileTypePdf, IconRubberStamp, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { serverMessage, statusMessage } from '@/lib/api-errors';
import { notifySuccess } from '@/lib/notify';
import {
  type TUploaded,
  useDocTypes,
  useDocument,
  useDocumentPdf,
  useTemplateStamp,
  useUploadDocument,
} from '../api/documents';
import { useTemplateOptions } from '../api/templates';
import { placementSummary, templateTypeKey } from '../utils/format';
import { documentDetailsPath } from '../utils/paths';
import { fromPdfPlacement, type TPageGeometry } from '../utils/placement';
import { PdfDropzone } from './pdf-dropzone';
import { PdfViewer } from './pdf-viewer';
import type { TViewerBox } from './placement-box';
import { StampConfirmModal } from './stamp-confirm-modal';
import { StampMark } from './stamp-mark';
import classes from './stamping.module.css';

type TFormValues = {
  template: string | null;
  doc_type: string | null;
  doc_value: number | string;
  reason: string;
  location: string;
};

/**
 * /stamp/single/template: pick a template, upload a PDF, and stamp it at the template's
 * e-Meterai placement (the preview shows where it lands).
 */
export const TemplateStamp = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const templates = useTemplateOptions();
  const docTypes = useDocTypes();
  const upload = useUploadDocument();
  const stamp = useTemplateStamp();
  const [uploaded, setUploaded] = useState<TUploaded | null>(null);
  const doc = useDocument(uploaded?.document_id ?? null);
  const pdf = useDocumentPdf(doc.data);
  const [pages, setPages] = useState<TPageGeometry[]>([]);
  const [confirming, setConfirming] = useState(false);

  const form = useForm<TFormValues>({
    initialValues: { template: null, doc_type: null, doc_value: '', reason: '', location: '' },
    validate: {
      template: (value) => (value ? null : t('stamping.template.required')),
      doc_type: (value) => (value ? null : t('stamping.draft.docTypeRequired')),
    },
  });

  const usable = (templates.data ?? []).filter((tpl) => tpl.emeterai !== null);
  const template = usable.find((tpl) => String(tpl.id) === form.values.template) ?? null;
  const numericValue = typeof form.values.doc_value === 'number' ? form.values.doc_value : null;
  const docTypeOptions = (docTypes.data ?? []).map((type) => ({
    value: type.kode,
    label: `${type.kode} · ${type.nama}`,
  }));

  const boxes = useMemo<TViewerBox[]>(() => {
    const shown = template?.emeterai ? fromPdfPlacement(template.emeterai, pages) : null;
    return shown
      ? [
          {
            id: 'emeterai',
            box: shown,
            kind: 'stamp',
            editable: false,
            label: t('stamping.box.label'),
            content: <StampMark />,
            testId: 'stamp-box',
          },
        ]
      : [];
  }, [template, pages, t]);

  const confirm = () => {
    if (!uploaded || !template || !form.values.doc_type) return;
    stamp.mutate(
      {
        templateId: template.id,
        document_id: uploaded.document_id,
        doc_type: form.values.doc_type,
        ...(numericValue !== null ? { doc_value: numericValue } : {}),
        ...(form.values.reason.trim() ? { reason: form.values.reason.trim() } : {}),
        ...(form.values.location.trim() ? { location: form.values.location.trim() } : {}),
      },
      {
        onSuccess: (answer) => {
          notifySuccess(t('stamping.stamp.success', { serial: answer.data.serial_number }));
          setConfirming(false);
          navigate(documentDetailsPath(answer.data.document_id));
        },
      },
    );
  };

  return (
    <div className={classes.editor} data-testid="template-stamp">
      <div className={classes.viewerPane}>
        {uploaded ? (
          <PdfViewer data={pdf.data ?? null} boxes={boxes} onPages={setPages} />
        ) : (
          <Stack py="md">
            <PdfDropzone
              loading={upload.isPending}
              error={upload.error ? serverMessage(upload.error, t) : null}
              onFile={(file) =>
                upload.mutate(file, {
                  onSuccess: (answer) => {
                    setPages([]);
                    setUploaded(answer);
                  },
                })
              }
              testId="template-stamp-upload"
            />
          </Stack>
        )}
      </div>

      <Paper withBorder p="lg" className={classes.sidePanel}>
        <Stack gap="md">
          {templates.error ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
              {statusMessage(templates.error, t)}
            </Alert>
          ) : null}
          <Select
            label={t('stamping.template.label')}
            placeholder={t('stamping.template.placeholder')}
            data={usable.map((tpl) => ({ value: String(tpl.id), label: tpl.name }))}
            searchable
            withAsterisk
            nothingFoundMessage={t('stamping.template.noneWithStamp')}
            data-testid="template-stamp-template"
            {...form.getInputProps('template')}
          />
          {template?.emeterai ? (
            <Text fz="xs" c="dimmed">
              {t(templateTypeKey(template.type))} · {placementSummary(template.emeterai, t)}
            </Text>
          ) : null}
          {templates.data && usable.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {t('stamping.template.noneWithStamp')}
            </Text>
          ) : null}

          {uploaded ? (
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <IconFileTypePdf size={18} />
                <Text fz="sm" truncate="end">
                  {uploaded.file_name}
                </Text>
              </Group>
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconX size={14} />}
                onClick={() => {
                  setUploaded(null);
                  upload.reset();
                }}
              >
                {t('stamping.templates.removeSample')}
              </Button>
            </Group>
          ) : (
            <Text fz="sm" c="dimmed">
              {t('stamping.template.uploadFirst')}
            </Text>
          )}

          <Divider label={t('stamping.draft.details')} labelPosition="left" />
          <Select
            label={t('stamping.draft.docType')}
            placeholder={t('stamping.draft.docTypePlaceholder')}
            data={docTypeOptions}
            searchable
            withAsterisk
            data-testid="doc-type-select"
            {...form.getInputProps('doc_type')}
          />
          <NumberInput
            label={t('stamping.draft.docValue')}
            description={
              numericValue !== null ? formatIDR(numericValue) : t('stamping.draft.docValueHelp')
            }
            prefix="Rp "
            thousandSeparator="."
            decimalSeparator=","
            allowDecimal={false}
            allowNegative={false}
            hideControls
            {...form.getInputProps('doc_value')}
          />
          <TextInput
            label={t('stamping.draft.reason')}
            maxLength={200}
            {...form.getInputProps('reason')}
          />
          <TextInput
            label={t('stamping.draft.location')}
            maxLength={100}
            {...form.getInputProps('location')}
          />
          <Button
            size="md"
            leftSection={<IconRubberStamp size={18} />}
            disabled={!uploaded}
            onClick={() => {
              if (form.validate().hasErrors) return;
              stamp.reset();
              setConfirming(true);
            }}
            data-testid="stamp-submit"
          >
            {t('stamping.stamp.button')}
          </Button>
        </Stack>
      </Paper>

      <StampConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={confirm}
        loading={stamp.isPending}
        error={stamp.error ? serverMessage(stamp.error, t) : null}
        summary={{
          fileName: uploaded?.file_name ?? '',
          page: template?.emeterai?.page ?? null,
          docType:
            docTypeOptions.find((option) => option.value === form.values.doc_type)?.label ?? '',
          docValue: numericValue,
        }}
      />
    </div>
  );
};
