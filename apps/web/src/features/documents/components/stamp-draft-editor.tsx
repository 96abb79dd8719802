import { ROUTES, type TStampRequest, type TTemplate, type TUserData } from '@bubuh/contracts';
import { Anchor, Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  IconDeviceFloppy,
  IconLayoutGrid,
  IconRubberStamp,
  IconSignature,
} from '@tabler/icons-react';
import { type ComponentType, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ButtonRow } from '@/components/button-row';
import { DocDetailsFields, docTypeLabel } from '@/components/document-editor/doc-details-fields';
import { DocumentHeading } from '@/components/document-editor/document-heading';
import { EditorFrame, StampDocumentFallback } from '@/components/document-editor/editor-frame';
import { StampConfirmModal } from '@/components/document-editor/stamp-confirm-modal';
import { StampPlacementFields } from '@/components/document-editor/stamp-placement-fields';
import { usePlacementEditor } from '@/components/document-editor/use-placement-editor';
import { useStampConfirm } from '@/components/document-editor/use-stamp-confirm';
import {
  signViewerBox,
  stampBoxName,
  stampViewerBox,
} from '@/components/document-editor/viewer-boxes';
import { ErrorAlert } from '@/components/error-alert';
import { scrollToPdfPage } from '@/components/pdf-viewer/pdf-viewer';
import type { TViewerBox } from '@/components/pdf-viewer/placement-box';
import { StickyActionBar } from '@/components/sticky-action-bar';
import { serverMessage } from '@/lib/api-errors';
import { stampNotice } from '@/lib/document-format';
import { documentDetailsPath, esignPath } from '@/lib/document-paths';
import { useDocTypes, useDocument, useDocumentPdf } from '@/lib/document-queries';
import { notifySuccess } from '@/lib/notify';
import {
  defaultStampBox,
  fromPdfPlacement,
  stampBesideBox,
  type TDisplayBox,
} from '@/lib/placement';
import { useSaveDraft, useStampDocument } from '../api/documents';
import { DraftNotices } from './draft-notices';

/** What "Use template" opens; the route passes the templates feature's picker. */
export type TTemplatePickerProps = {
  opened: boolean;
  onClose: () => void;
  onPick: (template: TTemplate) => void;
  documentId?: number | undefined;
};

type TStampDraftEditorProps = {
  documentId: number;
  user: TUserData;
  TemplatePicker: ComponentType<TTemplatePickerProps>;
};

type TFormValues = {
  doc_type: string | null;
  doc_value: number | string;
  reason: string;
  location: string;
};

const STAMP_ID = 'emeterai';

/**
 * /stamp/single/draft/{id}: the document with a draggable, resizable square e-Meterai box, and the
 * side panel with the document type, value, reason and location; save the draft or stamp.
 */
export const StampDraftEditor = ({ documentId, user, TemplatePicker }: TStampDraftEditorProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const docQuery = useDocument(documentId);
  const doc = docQuery.data;
  const pdf = useDocumentPdf(doc);
  const docTypes = useDocTypes();
  const save = useSaveDraft();
  const stamp = useStampDocument(user.company_id);
  const editor = usePlacementEditor();
  const { pages, setPages } = editor;
  const [box, setBox] = useState<TDisplayBox | null>(null);
  const stampDialog = useStampConfirm(doc, stamp);
  const [picking, setPicking] = useState(false);

  const form = useForm<TFormValues>({
    initialValues: { doc_type: null, doc_value: '', reason: '', location: '' },
    validate: {
      doc_type: (value) => (value ? null : t('stamping.draft.docTypeRequired')),
    },
  });

  // The saved draft fills the form once.
  const loadedId = doc?.document_id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when another document loads
  useEffect(() => {
    if (!doc) return;
    form.setValues({
      doc_type: doc.doc_type,
      doc_value: doc.doc_value ?? '',
      reason: '',
      location: '',
    });
    form.resetDirty();
  }, [loadedId]);

  // The box starts where the draft saved it, else bottom-right of page 1 (75 pt).
  useEffect(() => {
    if (box || pages.length === 0 || !doc) return;
    const first = pages[0];
    if (!first) return;
    const saved = doc.placements.emeterai ? fromPdfPlacement(doc.placements.emeterai, pages) : null;
    if (saved) {
      setBox(saved);
      return;
    }
    // Beside the last signature when there is one, else bottom-right of page 1.
    const last = [...doc.signers].sort((a, b) => b.position - a.position)[0];
    const signature = last ? fromPdfPlacement(last.placement, pages) : null;
    const signaturePage = signature ? pages[signature.page - 1] : undefined;
    setBox(
      signature && signaturePage
        ? stampBesideBox(signature, signaturePage)
        : defaultStampBox(first),
    );
  }, [box, pages, doc]);

  // A stopped signing round is not edited: its owner asks again or ends it first.
  const editable =
    doc?.status === 'nostamp' &&
    doc.signing_status !== 'stamping' &&
    doc.signing_status !== 'stopped';
  const waitingForSigners = doc?.signing_status === 'signing';
  const _geometry = box ? pages[box.page - 1] : undefined;
  const placement = box ? editor.placementOf(box) : null;

  const boxes = useMemo<TViewerBox[]>(() => {
    const list: TViewerBox[] = [];
    for (const signer of doc?.signers ?? []) {
      const shown = fromPdfPlacement(signer.placement, pages);
      if (!shown) continue;
      list.push(
        signViewerBox(shown, t('stamping.sign.boxOf', { name: signer.fullName }), {
          id: `signer-${signer.position}`,
          // A signed box already shows the signature in the page: only its outline is drawn.
          content: signer.status === 'signed' ? <span /> : undefined,
        }),
      );
    }
    if (box && editable) list.push(stampViewerBox(box, stampBoxName(t), { id: STAMP_ID }));
    return list;
  }, [doc?.signers, pages, box, editable, t]);

  const numericValue = typeof form.values.doc_value === 'number' ? form.values.doc_value : null;

  const saveDraft = () => {
    if (!doc || !placement) return;
    save.mutate(
      {
        params: { id: doc.document_id },
        body: {
          placements: { emeterai: placement, esign: doc.placements.esign },
          doc_type: form.values.doc_type || null,
          doc_value: numericValue,
        },
      },
      { onSuccess: () => notifySuccess(t('stamping.draft.saved')) },
    );
  };

  const openConfirm = () => {
    if (form.validate().hasErrors) return;
    stampDialog.open();
  };

  const stampRequest = (): TStampRequest | null => {
    if (!doc || !placement || !form.values.doc_type) return null;
    return {
      document_id: doc.document_id,
      ...placement,
      doc_type: form.values.doc_type,
      ...(numericValue !== null ? { doc_value: numericValue } : {}),
      ...(form.values.reason.trim() ? { reason: form.values.reason.trim() } : {}),
      ...(form.values.location.trim() ? { location: form.values.location.trim() } : {}),
      ...stampDialog.javascript.body,
    };
  };

  const confirmStamp = () => {
    const body = stampRequest();
    if (!body) return;
    stamp.mutate(
      { body },
      {
        onSuccess: (answer) => {
          notifySuccess(stampNotice(t, answer.data));
          stampDialog.close();
          navigate(documentDetailsPath(answer.data.document_id));
        },
      },
    );
  };

  if (docQuery.isPending || docQuery.error || !doc)
    return <StampDocumentFallback query={docQuery} />;

  return (
    <EditorFrame
      testId="stamp-draft"
      pdf={pdf}
      boxes={boxes}
      onPages={setPages}
      onBoxChange={(id, next) => {
        if (id === STAMP_ID) setBox(next);
      }}
      dialogs={
        <>
          <StampConfirmModal
            {...stampDialog.dialog}
            onConfirm={confirmStamp}
            summary={{
              fileName: doc.document_file,
              page: placement?.page ?? 1,
              docType:
                docTypeLabel(docTypes.data, form.values.doc_type) ?? form.values.doc_type ?? '',
              docValue: numericValue,
            }}
          />
          <TemplatePicker
            documentId={doc.document_id}
            opened={picking}
            onClose={() => setPicking(false)}
            onPick={(template) => {
              const shown = template.emeterai ? fromPdfPlacement(template.emeterai, pages) : null;
              if (shown) {
                setBox(shown);
                scrollToPdfPage(shown.page);
              }
              setPicking(false);
              notifySuccess(t('stamping.template.applied', { name: template.name }));
            }}
          />
        </>
      }
    >
      <DocumentHeading doc={doc} showPages />

      <DraftNotices doc={doc} />

      {editable ? (
        <>
          <Divider label={t('stamping.draft.placement')} labelPosition="left" />
          <Text fz="sm" c="dimmed">
            {t('stamping.draft.placementHelp')}
          </Text>
          <StampPlacementFields
            box={box}
            pages={pages}
            placement={placement}
            onPage={(value) => {
              const next = editor.boxOnPage(box, value);
              if (next) setBox(next);
            }}
            onResize={setBox}
          />
          <Button
            variant="light"
            leftSection={<IconLayoutGrid size={16} />}
            onClick={() => setPicking(true)}
            disabled={pages.length === 0}
            data-testid="use-template"
          >
            {t('stamping.template.use')}
          </Button>

          <Divider label={t('stamping.draft.details')} labelPosition="left" />
          <DocDetailsFields
            docTypes={docTypes}
            typeInput={form.getInputProps('doc_type')}
            valueInput={form.getInputProps('doc_value')}
          />
          <TextInput
            label={t('stamping.draft.reason')}
            placeholder={t('stamping.draft.reasonPlaceholder')}
            maxLength={200}
            {...form.getInputProps('reason')}
          />
          <TextInput
            label={t('stamping.draft.location')}
            placeholder={t('stamping.draft.locationPlaceholder')}
            maxLength={100}
            {...form.getInputProps('location')}
          />

          {save.error ? <ErrorAlert>{serverMessage(save.error, t)}</ErrorAlert> : null}

          <Text fz="xs" c="dimmed">
            {t('stamping.draft.signFirstHelp')}
          </Text>
          <StickyActionBar>
            <Stack gap="xs">
              <Button
                size="md"
                leftSection={<IconRubberStamp size={18} />}
                onClick={openConfirm}
                disabled={!placement || waitingForSigners}
                data-testid="stamp-submit"
              >
                {t('stamping.stamp.button')}
              </Button>
              <ButtonRow
                grow
                preventGrowOverflow={false}
                wrap="wrap"
                gap="xs"
                actions={[
                  {
                    label: t('stamping.draft.save'),
                    icon: <IconDeviceFloppy size={16} />,
                    variant: 'default',
                    onClick: saveDraft,
                    loading: save.isPending,
                    disabled: !placement,
                    testId: 'save-draft',
                  },
                  {
                    label: t('stamping.draft.signFirst'),
                    icon: <IconSignature size={16} />,
                    variant: 'default',
                    to: esignPath(doc.document_id),
                    testId: 'go-sign',
                  },
                ]}
              />
            </Stack>
          </StickyActionBar>
        </>
      ) : (
        <Anchor component={Link} to={ROUTES.stamp.path} fz="sm">
          {t('stamping.draft.backToList')}
        </Anchor>
      )}
    </EditorFrame>
  );
};
