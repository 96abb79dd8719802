import { Alert, Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEventHandler, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import classes from '@/components/document-editor/editor.module.css';
import { SamplePdfField, type TSample } from '@/components/document-editor/sample-pdf-field';
import { PdfViewer } from '@/components/pdf-viewer/pdf-viewer';
import type { TViewerBox } from '@/components/pdf-viewer/placement-box';
import { QueryFallback } from '@/components/query-fallback';
import { StickyActionBar } from '@/components/sticky-action-bar';
import { fieldErrorsOf } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { notifySuccess } from '@/lib/notify';
import type { TDisplayBox, TPageGeometry } from '@/lib/placement';

type TTemplateEditorFrameProps = {
  /** Test ids `<prefix>-editor`, `<prefix>-name` (the name field) and `<prefix>-save`. */
  prefix: string;
  /** The stored template's query while it is edited (null: a new one); its fallback's way back. */
  existing: { isPending: boolean; error: unknown } | null;
  back: { to: string; label: string };
  /** The sample PDF (read in the browser) and where its pages go once open. */
  sample: TSample | null;
  onSample: (sample: TSample | null) => void;
  onPages: (pages: TPageGeometry[]) => void;
  blankPages: TPageGeometry[];
  boxes: TViewerBox[];
  onBoxChange: (id: string, box: TDisplayBox) => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  nameInput: GetInputPropsReturnType;
  /** The fields between the name and the sample PDF. */
  details: ReactNode;
  /** The save mutation: its refusal above the buttons, its progress on "Save". */
  save: { error: unknown; isPending: boolean };
  onCancel: () => void;
  /** Keeps Cancel / Save in view (`StickyActionBar`). */
  sticky?: boolean;
  /** The placement fields after the sample PDF. */
  children: ReactNode;
};

/**
 * A template editor's frame (document and bulk templates): the sample PDF's viewer beside the
 * side panel with the name, the template's own fields, the sample, the placements, the save
 * error and Cancel / Save.
 */
export const TemplateEditorFrame = ({
  prefix,
  existing,
  back,
  sample,
  onSample,
  onPages,
  blankPages,
  boxes,
  onBoxChange,
  onSubmit,
  nameInput,
  details,
  save,
  onCancel,
  sticky = false,
  children,
}: TTemplateEditorFrameProps) => {
  const { t } = useTranslation();
  if (existing && (existing.isPending || existing.error)) {
    return <QueryFallback pending={existing.isPending} error={existing.error} back={back} />;
  }
  const buttons = (
    <Group grow gap="sm">
      <Button variant="default" onClick={onCancel}>
        {t('stamping.actions.cancel')}
      </Button>
      <Button
        type="submit"
        leftSection={<IconDeviceFloppy size={16} />}
        loading={save.isPending}
        data-testid={`${prefix}-save`}
      >
        {t('stamping.actions.save')}
      </Button>
    </Group>
  );
  return (
    <div className={classes.editor} data-testid={`${prefix}-editor`}>
      <div className={classes.viewerPane}>
        <PdfViewer
          data={sample?.data ?? null}
          blankPages={blankPages}
          boxes={boxes}
          onPages={sample ? onPages : undefined}
          maxScale={1.4}
          onBoxChange={onBoxChange}
        />
      </div>
      <Paper withBorder p="lg" className={classes.sidePanel}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('stamping.templates.name')}
              withAsterisk
              maxLength={150}
              data-testid={`${prefix}-name`}
              {...nameInput}
            />
            {details}
            <SamplePdfField
              sample={sample}
              onChange={(next) => {
                onSample(next);
                if (!next) onPages([]);
              }}
            />
            {children}
            {save.error ? (
              <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
                {serverMessage(save.error, t)}
              </Alert>
            ) : null}
            {sticky ? <StickyActionBar>{buttons}</StickyActionBar> : buttons}
          </Stack>
        </form>
      </Paper>
    </div>
  );
};

/** The save mutation of a template editor: created when `id` is null, updated otherwise. */
type TTemplateSave<I> = {
  mutate: (
    variables: { id: number | null; input: I },
    handlers: { onSuccess: () => void; onError: (error: Error) => void },
  ) => void;
  error: unknown;
  isPending: boolean;
};

/**
 * What the two template editors share around their placements: the sample PDF, leaving for
 * `backTo`, `saveInput` (saves; then "added" or "updated" and leave, or the server's field errors
 * on the form) and the frame's props (spread into `TemplateEditorFrame`).
 */
export const useTemplateEditorFrame = <I,>({
  prefix,
  templateId,
  existing,
  backTo,
  backLabel,
  onPages,
  save,
  form,
  fields,
}: {
  prefix: string;
  templateId: number | null;
  existing: { isPending: boolean; error: unknown };
  backTo: string;
  backLabel: string;
  onPages: (pages: TPageGeometry[]) => void;
  save: TTemplateSave<I>;
  form: {
    getInputProps: (path: 'name') => GetInputPropsReturnType;
    setErrors: (errors: Record<string, string>) => void;
  };
  /** The fields whose server errors go back on the form. */
  fields: readonly string[];
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sample, setSample] = useState<TSample | null>(null);
  const leave = () => navigate(backTo);
  return {
    sample,
    saveInput: (input: I) =>
      save.mutate(
        { id: templateId, input },
        {
          onSuccess: () => {
            notifySuccess(
              templateId === null
                ? t('stamping.toast.templateAdded')
                : t('stamping.toast.templateUpdated'),
            );
            leave();
          },
          onError: (error) => form.setErrors(fieldErrorsOf(error, fields)),
        },
      ),
    frame: {
      prefix,
      existing: templateId === null ? null : existing,
      back: { to: backTo, label: backLabel },
      sample,
      onSample: setSample,
      onPages,
      nameInput: form.getInputProps('name'),
      save,
      onCancel: leave,
    },
  };
};
