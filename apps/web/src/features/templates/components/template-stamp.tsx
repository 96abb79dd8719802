import { Alert, Button, Divider, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconRubberStamp, IconSignature } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DocDetailsFields, docTypeLabel } from '@/components/document-editor/doc-details-fields';
import classes from '@/components/document-editor/editor.module.css';
import { PickedFile } from '@/components/document-editor/picked-file';
import { StampConfirmModal } from '@/components/document-editor/stamp-confirm-modal';
import { UploadPdfDropzone } from '@/components/document-editor/upload-pdf-dropzone';
import { usePlacementEditor } from '@/components/document-editor/use-placement-editor';
import { useStampConfirm } from '@/components/document-editor/use-stamp-confirm';
import {
  signViewerBox,
  stampBoxName,
  stampViewerBox,
} from '@/components/document-editor/viewer-boxes';
import { ErrorAlert } from '@/components/error-alert';
import { PdfViewer } from '@/components/pdf-viewer/pdf-viewer';
import type { TViewerBox } from '@/components/pdf-viewer/placement-box';
import { StickyActionBar } from '@/components/sticky-action-bar';
import { serverMessage, statusMessage } from '@/lib/api-errors';
import { stampNotice } from '@/lib/document-format';
import { documentDetailsPath, draftPath, esignPath } from '@/lib/document-paths';
import {
  type TUploaded,
  useDocTypes,
  useDocument,
  useDocumentPdf,
  useUploadDocument,
} from '@/lib/document-queries';
import { notifySuccess } from '@/lib/notify';
import { fromPdfPlacement } from '@/lib/placement';
import {
  useApplyTemplate,
  useTemplateOptions,
  useTemplateSigners,
  useTemplateStamp,
} from '../api/templates';
import { TemplateSummary } from './template-summary';

type TFormValues = {
  template: string | null;
  doc_type: string | null;
  doc_value: number | string;
  reason: string;
  location: string;
};

/**
 * /stamp/single/template: pick a template, upload a PDF, and use the template on it. A template
 * with e-signature boxes is applied (its signers, in order, and its e-Meterai box are stored on
 * the document) and the user goes on to sign; the e-Meterai follows once everyone has signed.
 * A template with only an e-Meterai stamps at once at its placement (the preview shows where).
 */
export const TemplateStamp = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const templates = useTemplateOptions();
  const docTypes = useDocTypes();
  const upload = useUploadDocument();
  const stamp = useTemplateStamp();
  const apply = useApplyTemplate();
  const signers = useTemplateSigners();
  const [uploaded, setUploaded] = useState<TUploaded | null>(null);
  const doc = useDocument(uploaded?.document_id ?? null);
  const pdf = useDocumentPdf(doc.data);
  const { pages, setPages } = usePlacementEditor();
  const stampDialog = useStampConfirm(doc.data, stamp);

  const form = useForm<TFormValues>({
    initialValues: { template: null, doc_type: null, doc_value: '', reason: '', location: '' },
    validate: {
      template: (value) => (value ? null : t('stamping.template.required')),
    },
  });

  const usable = templates.data ?? [];
  const template = usable.find((tpl) => String(tpl.id) === form.values.template) ?? null;
  /** Signatures first: such a template is applied and signed before anything is stamped. */
  const signsFirst = (template?.esign.length ?? 0) > 0;

  const numericValue = typeof form.values.doc_value === 'number' ? form.values.doc_value : null;

  const boxes = useMemo<TViewerBox[]>(() => {
    const list: TViewerBox[] = [];
    template?.esign.forEach((entry, index) => {
      const shown = fromPdfPlacement(entry, pages);
      if (!shown) return;
      const name =
        signers.data?.find((s) => s.id === entry.user_id)?.fullName ??
        t('stamping.templates.unknownSigner', { id: entry.user_id });
      list.push(
        signViewerBox(shown, `${index + 1}. ${name}`, {
          id: `esign-${index + 1}`,
          testId: `template-esign-box-${index + 1}`,
        }),
      );
    });
    const stampBox = template?.emeterai ? fromPdfPlacement(template.emeterai, pages) : null;
    if (stampBox) list.push(stampViewerBox(stampBox, stampBoxName(t), { editable: false }));
    return list;
  }, [template, pages, signers.data, t]);

  /** Checks the form; the document type is needed now only when stamping at once. */
  const ready = () => {
    const invalid = form.validate().hasErrors;
    if (!signsFirst && !form.values.doc_type) {
      form.setFieldError('doc_type', t('stamping.draft.docTypeRequired'));
      return false;
    }
    return !invalid;
  };

  const applyAndSign = () => {
    if (!uploaded || !template || !ready()) return;
    apply.mutate(
      {
        params: { id: template.id },
        body: {
          document_id: uploaded.document_id,
          ...(template.emeterai && form.values.doc_type ? { doc_type: form.values.doc_type } : {}),
          ...(template.emeterai && numericValue !== null ? { doc_value: numericValue } : {}),
        },
      },
      {
        onSuccess: (result) => {
          notifySuccess(t('stamping.template.appliedSign', { name: template.name }));
          const id = result.data.document.document_id;
          navigate(result.data.next === 'sign' ? esignPath(id) : draftPath(id));
        },
      },
    );
  };

  const openConfirm = () => {
    if (!ready()) return;
    stampDialog.open();
  };

  const confirm = () => {
    if (!uploaded || !template || !form.values.doc_type) return;
    stamp.mutate(
      {
        params: { id: template.id },
        body: {
          document_id: uploaded.document_id,
          doc_type: form.values.doc_type,
          ...(numericValue !== null ? { doc_value: numericValue } : {}),
          ...(form.values.reason.trim() ? { reason: form.values.reason.trim() } : {}),
          ...(form.values.location.trim() ? { location: form.values.location.trim() } : {}),
          ...stampDialog.javascript.body,
        },
      },
      {
        onSuccess: (answer) => {
          notifySuccess(stampNotice(t, answer.data));
          stampDialog.close();
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
            <UploadPdfDropzone
              upload={upload}
              onUploaded={(answer) => {
                setPages([]);
                setUploaded(answer.data);
              }}
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
            nothingFoundMessage={t('stamping.template.none')}
            data-testid="template-stamp-template"
            {...form.getInputProps('template')}
          />
          {template ? (
            <TemplateSummary
              template={template}
              signers={signers.data}
              heading={
                <Text fz="sm" fw={600}>
                  {t('stamping.sign.signers')}
                </Text>
              }
              testId="template-stamp-signers"
            />
          ) : null}
          {templates.data && usable.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {t('stamping.template.none')}
            </Text>
          ) : null}

          {uploaded ? (
            <PickedFile
              name={uploaded.file_name}
              onRemove={() => {
                setUploaded(null);
                upload.reset();
              }}
            />
          ) : (
            <Text fz="sm" c="dimmed">
              {t('stamping.template.uploadFirst')}
            </Text>
          )}

          {!template || template.emeterai ? (
            <>
              <Divider label={t('stamping.draft.details')} labelPosition="left" />
              <DocDetailsFields
                docTypes={docTypes}
                typeInput={form.getInputProps('doc_type')}
                valueInput={form.getInputProps('doc_value')}
                required={!signsFirst}
                typeHint={signsFirst ? t('stamping.template.docTypeLater') : undefined}
              />
            </>
          ) : null}
          {signsFirst ? (
            apply.error ? (
              <ErrorAlert>{serverMessage(apply.error, t)}</ErrorAlert>
            ) : null
          ) : (
            <>
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
            </>
          )}
          <StickyActionBar>
            <Button
              size="md"
              fullWidth
              leftSection={signsFirst ? <IconSignature size={18} /> : <IconRubberStamp size={18} />}
              disabled={!uploaded}
              loading={signsFirst && apply.isPending}
              onClick={signsFirst ? applyAndSign : openConfirm}
              data-testid={signsFirst ? 'template-apply-submit' : 'stamp-submit'}
            >
              {signsFirst ? t('stamping.template.toSigning') : t('stamping.stamp.button')}
            </Button>
          </StickyActionBar>
        </Stack>
      </Paper>

      <StampConfirmModal
        {...stampDialog.dialog}
        onConfirm={confirm}
        summary={{
          fileName: uploaded?.file_name ?? '',
          page: template?.emeterai?.page ?? null,
          docType: docTypeLabel(docTypes.data, form.values.doc_type) ?? '',
          docValue: numericValue,
        }}
      />
    </div>
  );
};
