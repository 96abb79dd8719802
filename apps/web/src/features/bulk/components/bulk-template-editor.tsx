import type { TBatchPlacement } from '@bubuh/contracts';
import { Divider, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DocDetailsFields } from '@/components/document-editor/doc-details-fields';
import { usePlacementEditor } from '@/components/document-editor/use-placement-editor';
import { signViewerBox, stampViewerBox } from '@/components/document-editor/viewer-boxes';
import { TemplateEditorFrame, useTemplateEditorFrame } from '@/components/lists/editor-frame';
import type { TViewerBox } from '@/components/pdf-viewer/placement-box';
import { StampSizeInput } from '@/components/pdf-viewer/stamp-size-input';
import { useDocTypes } from '@/lib/document-queries';
import {
  A4,
  defaultSignBox,
  defaultStampBox,
  type TDisplayBox,
  type TPageGeometry,
  toPdfPlacement,
} from '@/lib/placement';
import { useBulkTemplate, useSaveBulkTemplate } from '../api/bulk-templates';
import { anchoredPage, BulkBoxAnchor } from './bulk-box-anchor';

type TBox = { key: 'emeterai' | 'esign'; box: TBatchPlacement };

/** Blank A4 pages shown without a sample: enough for "last page" to differ from "first page". */
const BLANK_PAGES = 3;
const MAX_BLANK_PAGES = 20;

const anchored = (box: TDisplayBox, page: TPageGeometry, mode: TBatchPlacement['page_mode']) => ({
  ...toPdfPlacement(box, page),
  page_mode: mode,
});

/**
 * /stamp/bulk/create-template and /stamp/bulk/edit-template/{id}: a bulk template's name,
 * document type and value, its e-Meterai box and optionally the e-signature box of whoever runs
 * the batch, each anchored to the first, the last or a fixed page (a batch's files differ in
 * length). A sample PDF (read in the browser, not uploaded) shows where the boxes land.
 */
export const BulkTemplateEditor = ({
  templateId,
  backTo,
}: {
  templateId: number | null;
  backTo: string;
}) => {
  const { t } = useTranslation();
  const existing = useBulkTemplate(templateId);
  const save = useSaveBulkTemplate();
  const docTypes = useDocTypes();
  const editor = usePlacementEditor<TBox>();
  const { pages, setPages, items, setItems } = editor;
  const form = useForm<{ name: string; doc_type: string | null; doc_value: number | string }>({
    initialValues: { name: '', doc_type: null, doc_value: '' },
    validate: {
      name: (v) =>
        v.trim().length >= 2 && v.trim().length <= 150 ? null : t('bulk.create.nameRequired'),
      doc_type: (v) => (v ? null : t('bulk.create.docTypeRequired')),
    },
  });

  const { sample, saveInput, frame } = useTemplateEditorFrame({
    prefix: 'bulk-template',
    templateId,
    existing,
    backTo,
    backLabel: t('page.stampBulkTemplate'),
    onPages: setPages,
    save,
    form,
    fields: ['name', 'doc_type'],
  });

  const fixedPages = items.map((i) => (i.box.page_mode === 'fixed' ? i.box.page : 1));
  const blankCount = Math.min(MAX_BLANK_PAGES, Math.max(BLANK_PAGES, ...fixedPages));
  const blankPages = useMemo(() => Array.from({ length: blankCount }, () => A4), [blankCount]);
  const shownPages = sample && pages.length > 0 ? pages : blankPages;

  const loaded = existing.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once per template
  useEffect(() => {
    if (templateId === null) {
      const box = defaultStampBox(A4);
      setItems([{ key: 'emeterai', box: anchored(box, A4, 'last') }]);
      return;
    }
    if (!loaded) return;
    form.setValues({
      name: loaded.name,
      doc_type: loaded.doc_type,
      doc_value: loaded.doc_value ?? '',
    });
    form.resetDirty();
    setItems([
      { key: 'emeterai', box: loaded.emeterai },
      ...(loaded.esign ? [{ key: 'esign' as const, box: loaded.esign }] : []),
    ]);
  }, [templateId, loaded?.id]);

  const stamp = items.find((i) => i.key === 'emeterai')?.box ?? null;
  const esign = items.find((i) => i.key === 'esign')?.box ?? null;
  /** A stored box shown on the page its anchor picks in the sample (or blank pages). */
  const shown = (box: TBatchPlacement | null) =>
    box
      ? editor.displayOf({ ...box, page: anchoredPage(box, shownPages.length) }, shownPages)
      : null;
  const stampShown = shown(stamp);
  const esignShown = shown(esign);

  const boxes: TViewerBox[] = [
    ...(esignShown
      ? [
          signViewerBox(esignShown, t('bulk.template.esignBox'), {
            id: 'esign',
            editable: true,
            testId: 'bulk-esign-box',
          }),
        ]
      : []),
    ...(stampShown ? [stampViewerBox(stampShown, t('stamping.box.label'))] : []),
  ];

  /** A box dragged on the viewer: to another page than its anchor's, it becomes a fixed page. */
  const moveBox = (key: string, next: TDisplayBox) => {
    const geometry = shownPages[next.page - 1];
    const current = items.find((i) => i.key === key)?.box;
    if (!geometry || !current) return;
    const onAnchor = next.page === anchoredPage(current, shownPages.length);
    const mode = onAnchor ? current.page_mode : 'fixed';
    editor.update(key, (item) => ({ ...item, box: anchored(next, geometry, mode) }));
  };

  const setAnchor = (key: string, anchor: Pick<TBatchPlacement, 'page_mode' | 'page'>) =>
    editor.update(key, (item) => ({ ...item, box: { ...item.box, ...anchor } }));

  const toggleEsign = (on: boolean) => {
    if (!on) return editor.remove('esign');
    const page = shownPages[0] ?? A4;
    editor.add({ key: 'esign', box: anchored(defaultSignBox(page), page, 'last') });
  };

  const submit = form.onSubmit((values) => {
    if (!stamp) return;
    saveInput({
      name: values.name.trim(),
      doc_type: values.doc_type ?? '',
      doc_value: typeof values.doc_value === 'number' ? values.doc_value : null,
      emeterai: stamp,
      esign,
    });
  });

  return (
    <TemplateEditorFrame
      {...frame}
      blankPages={blankPages}
      boxes={boxes}
      onBoxChange={moveBox}
      onSubmit={submit}
      details={
        <DocDetailsFields
          docTypes={docTypes}
          typeInput={form.getInputProps('doc_type')}
          valueInput={form.getInputProps('doc_value')}
        />
      }
    >
      <Text fz="xs" c="dimmed">
        {t('bulk.template.anchorHelp')}
      </Text>
      <Divider label={t('stamping.box.label')} labelPosition="left" />
      {stamp ? (
        <>
          <BulkBoxAnchor
            box={stamp}
            label={t('bulk.create.pageMode')}
            onChange={(anchor) => setAnchor('emeterai', anchor)}
            testId="bulk-stamp-anchor"
          />
          <StampSizeInput
            box={stampShown}
            geometry={stampShown ? shownPages[stampShown.page - 1] : undefined}
            onResize={(next, page) =>
              editor.update('emeterai', (item) => ({
                ...item,
                box: anchored(next, page, item.box.page_mode),
              }))
            }
          />
        </>
      ) : null}
      <Divider label={t('bulk.template.esignBox')} labelPosition="left" />
      <Switch
        checked={esign !== null}
        onChange={(event) => toggleEsign(event.currentTarget.checked)}
        label={t('bulk.template.esignToggle')}
        description={t('bulk.template.esignHelp')}
        data-testid="bulk-esign-toggle"
      />
      {esign ? (
        <BulkBoxAnchor
          box={esign}
          label={t('bulk.template.esignPage')}
          onChange={(anchor) => setAnchor('esign', anchor)}
          testId="bulk-esign-anchor"
        />
      ) : null}
    </TemplateEditorFrame>
  );
};
