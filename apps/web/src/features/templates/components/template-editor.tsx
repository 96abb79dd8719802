import type { TPlacement } from '@bubuh/contracts';
import { Button, Divider, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlacementEditor } from '@/components/document-editor/use-placement-editor';
import {
  signViewerBox,
  stampBoxName,
  stampViewerBox,
} from '@/components/document-editor/viewer-boxes';
import { TemplateEditorFrame, useTemplateEditorFrame } from '@/components/lists/editor-frame';
import { signBoxWhereLooking } from '@/components/pdf-viewer/pdf-viewer';
import type { TViewerBox } from '@/components/pdf-viewer/placement-box';
import { statusMessage } from '@/lib/api-errors';
import { templateTypeKey } from '@/lib/document-format';
import {
  A4,
  defaultSignBox,
  defaultStampBox,
  fromPdfPlacement,
  type TDisplayBox,
  type TPageGeometry,
  toPdfPlacement,
} from '@/lib/placement';
import { useSession } from '@/lib/session';
import {
  TEMPLATE_TYPES,
  type TTemplateType,
  useSaveTemplate,
  useTemplate,
  useTemplateSigners,
} from '../api/templates';
import { type TEsignEntry, TemplateEsignEntry } from './template-esign-entry';
import { TemplateStampFields } from './template-stamp-fields';

type TTemplateEditorProps = {
  /** null: a new template. */
  templateId: number | null;
  /** Where to go after saving or leaving. */
  backTo: string;
};

const MAX_BLANK_PAGES = 20;
const STAMP_ID = 'emeterai';

let entryCounter = 0;
const newKey = () => {
  entryCounter += 1;
  return `esign-${entryCounter}`;
};

/** /master/edit-document-template/{id|new}: name, type, e-Meterai box and signer boxes (in
 * signing order) over a sample PDF read in the browser, else blank A4 pages. */
export const TemplateEditor = ({ templateId, backTo }: TTemplateEditorProps) => {
  const { t } = useTranslation();
  const me = useSession()?.userData.id ?? null;
  const existing = useTemplate(templateId);
  const signers = useTemplateSigners();
  const save = useSaveTemplate();
  const editor = usePlacementEditor<TEsignEntry>();
  const { pages, setPages, items: esign, setItems: setEsign } = editor;
  /** The placements in PDF points: the source of truth, shown on whatever pages are loaded. */
  const [placement, setPlacement] = useState<TPlacement | null>(null);
  const [missingSigner, setMissingSigner] = useState<ReadonlySet<string>>(new Set());
  const [placementError, setPlacementError] = useState(false);
  const started = useRef(false);

  const form = useForm<{ name: string; type: TTemplateType }>({
    initialValues: { name: '', type: 'Surat Dokumen' },
    validate: {
      name: (value) =>
        value.trim().length >= 2 && value.trim().length <= 150
          ? null
          : t('stamping.templates.nameInvalid'),
    },
  });
  const { sample, saveInput, frame } = useTemplateEditorFrame({
    prefix: 'template',
    templateId,
    existing,
    backTo,
    backLabel: t('page.masterDocumentTemplate'),
    onPages: setPages,
    save,
    form,
    fields: ['name', 'type'],
  });

  const loaded = existing.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once per template
  useEffect(() => {
    if (!loaded) return;
    form.setValues({ name: loaded.name, type: loaded.type });
    form.resetDirty();
    setPlacement(loaded.emeterai);
    setEsign(
      loaded.esign.map(({ user_id, specimen_id, ...box }) => ({
        key: newKey(),
        userId: user_id,
        specimenId: specimen_id ?? null,
        placement: box,
      })),
    );
  }, [loaded?.id]);

  const lastUsedPage = Math.max(1, placement?.page ?? 1, ...esign.map((e) => e.placement.page));
  const blankPages = useMemo(
    () => Array.from({ length: Math.min(MAX_BLANK_PAGES, lastUsedPage) }, () => A4),
    [lastUsedPage],
  );
  const shownPages = sample ? pages : blankPages;
  const pageCount = sample ? pages.length : MAX_BLANK_PAGES;
  /** The pages a box may go to: the sample's, else blank A4 pages up to `page`. */
  const pagesUpTo = (page: number) =>
    sample ? shownPages : Array.from({ length: page }, () => A4);

  // A new template starts with the default e-Meterai box on page 1.
  useEffect(() => {
    if (templateId !== null || started.current || shownPages.length === 0) return;
    started.current = true;
    const first = shownPages[0];
    if (first) setPlacement(toPdfPlacement(defaultStampBox(first), first));
  }, [templateId, shownPages]);

  const signerOptions = useMemo(
    () =>
      (signers.data ?? []).map((signer) => ({
        value: String(signer.id),
        label:
          signer.id === me ? t('stamping.sign.me', { name: signer.fullName }) : signer.fullName,
      })),
    [signers.data, me, t],
  );
  const signerName = (userId: number | null) => {
    if (userId === null) return t('stamping.templates.unassigned');
    return (
      signerOptions.find((o) => o.value === String(userId))?.label ??
      t('stamping.templates.unknownSigner', { id: userId })
    );
  };

  const box = placement ? fromPdfPlacement(placement, shownPages) : null;
  const geometry = box ? shownPages[box.page - 1] : undefined;

  const boxes: TViewerBox[] = [
    ...esign.flatMap((entry, index): TViewerBox[] => {
      const shown = fromPdfPlacement(entry.placement, shownPages);
      return shown
        ? [
            signViewerBox(shown, `${index + 1}. ${signerName(entry.userId)}`, {
              id: entry.key,
              editable: true,
              testId: `template-esign-box-${index + 1}`,
            }),
          ]
        : [];
    }),
    ...(box ? [stampViewerBox(box, stampBoxName(t), { id: STAMP_ID })] : []),
  ];

  const placeBox = (id: string, next: TDisplayBox, on: readonly TPageGeometry[] = shownPages) => {
    const target = on[next.page - 1];
    if (!target) return;
    const pdf = toPdfPlacement(next, target);
    if (id === STAMP_ID) setPlacement(pdf);
    else editor.update(id, (e) => ({ ...e, placement: pdf }));
  };

  /** Moves a box to page `value` (the page field of the e-Meterai or of a signature box). */
  const toPage = (id: string, current: TDisplayBox | null, value: number | string) => {
    if (typeof value !== 'number') return;
    const on = pagesUpTo(Math.min(Math.max(1, Math.round(value)), Math.max(1, pageCount)));
    const moved = editor.boxOnPage(current, value, { on, pageCount });
    if (moved) placeBox(id, moved, on);
  };

  const addEsign = () => {
    const shown = shownPages.length > 0 ? shownPages : [A4];
    const placed = signBoxWhereLooking(shown, box?.page ?? 1, esign.length);
    const geometryOfPage = shown[(placed?.page ?? 1) - 1] ?? A4;
    const only = signerOptions.length === 1 ? Number(signerOptions[0]?.value) : null;
    setEsign((list) => [
      ...list,
      {
        key: newKey(),
        userId: only,
        specimenId: null,
        // Where the user is looking (the page in view), else the e-Meterai's page.
        placement: toPdfPlacement(
          placed ?? defaultSignBox(geometryOfPage, 1, list.length),
          geometryOfPage,
        ),
      },
    ]);
    setPlacementError(false);
  };

  const submit = form.onSubmit((values) => {
    const unassigned = new Set(esign.filter((e) => e.userId === null).map((e) => e.key));
    setMissingSigner(unassigned);
    const empty = placement === null && esign.length === 0;
    setPlacementError(empty);
    if (unassigned.size > 0 || empty) return;
    saveInput({
      name: values.name.trim(),
      type: values.type,
      emeterai: placement,
      esign: esign.flatMap((e) =>
        e.userId === null
          ? []
          : [
              {
                ...e.placement,
                user_id: e.userId,
                ...(e.specimenId !== null ? { specimen_id: e.specimenId } : {}),
              },
            ],
      ),
    });
  });

  return (
    <TemplateEditorFrame
      {...frame}
      blankPages={blankPages}
      boxes={boxes}
      onBoxChange={(id, next) => placeBox(id, next)}
      onSubmit={submit}
      details={
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
      }
      sticky
    >
      <Divider label={t('stamping.templates.esignSection')} labelPosition="left" />
      <Text fz="xs" c="dimmed">
        {t('stamping.templates.esignHelp')}
      </Text>
      {signers.error ? (
        <Text fz="xs" c="red">
          {statusMessage(signers.error, t)}
        </Text>
      ) : null}
      {esign.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('stamping.templates.esignNone')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="template-esign-list">
          {esign.map((entry, index) => (
            <TemplateEsignEntry
              key={entry.key}
              entry={entry}
              position={index + 1}
              count={esign.length}
              shown={fromPdfPlacement(entry.placement, shownPages)}
              pageCount={pageCount}
              signerOptions={signerOptions}
              signerName={signerName}
              signersPending={signers.isPending}
              missing={missingSigner.has(entry.key)}
              onSigner={(userId) => {
                editor.update(entry.key, (e) => ({
                  ...e,
                  userId,
                  specimenId: userId === e.userId ? e.specimenId : null,
                }));
                if (userId !== null)
                  setMissingSigner((keys) => {
                    const next = new Set(keys);
                    next.delete(entry.key);
                    return next;
                  });
              }}
              onPage={(shown, value) => toPage(entry.key, shown, value)}
              onMove={(delta) => editor.move(index, delta)}
              onRemove={() => editor.remove(entry.key)}
            />
          ))}
        </Stack>
      )}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        onClick={addEsign}
        disabled={esign.length >= 20}
        data-testid="template-esign-add"
      >
        {t('stamping.templates.esignAdd')}
      </Button>

      <TemplateStampFields
        placement={placement}
        box={box}
        geometry={geometry}
        pageCount={pageCount}
        onToggle={(on) => {
          if (!on) {
            setPlacement(null);
            return;
          }
          const first = shownPages[0] ?? A4;
          setPlacement(toPdfPlacement(defaultStampBox(first), first));
          setPlacementError(false);
        }}
        onPage={(value) => toPage(STAMP_ID, box, value)}
        onResize={(next, page) => setPlacement(toPdfPlacement(next, page))}
      />

      {placementError ? (
        <Text fz="sm" c="red" role="alert" data-testid="template-placement-error">
          {t('stamping.templates.needPlacement')}
        </Text>
      ) : null}
    </TemplateEditorFrame>
  );
};
