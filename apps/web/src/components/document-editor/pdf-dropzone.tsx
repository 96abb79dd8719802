import { Button, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileTypePdf, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { MAX_PDF_BYTES, pdfFileProblem } from '@/lib/upload-rules';
import { useFileDrop } from '@/lib/use-file-drop';
import classes from './editor.module.css';

type TPdfDropzoneProps = {
  onFile: (file: File) => void;
  /** Many files at once (bulk stamping): every acceptable file goes to `onFile`. */
  multiple?: boolean;
  /** ZIP archives are taken too (bulk stamping expands them on the server). */
  acceptZip?: boolean;
  loading?: boolean;
  /** The server's refusal (shown as it is) or any other message. */
  error?: string | null;
  title?: string;
  hint?: string;
  testId?: string;
  compact?: boolean;
};

/**
 * Drop a PDF here or pick one (PDF only, up to 20 MB). Checks the file first and shows why it
 * cannot be sent; the server's own refusal comes in through `error`.
 */
export const PdfDropzone = ({
  onFile,
  loading = false,
  error,
  title,
  hint,
  testId = 'pdf-dropzone',
  compact = false,
  multiple = false,
  acceptZip = false,
}: TPdfDropzoneProps) => {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const isZip = (file: File) => acceptZip && /\.zip$/i.test(file.name);
  const problemOf = (file: File) =>
    isZip(file)
      ? file.size === 0
        ? 'empty'
        : file.size > MAX_PDF_BYTES
          ? 'size'
          : null
      : pdfFileProblem(file);

  const take = (file: File | undefined) => {
    if (!file || loading) return;
    const issue = problemOf(file);
    if (issue) {
      setProblem(t(`stamping.upload.problem.${issue}`, { max: MAX_PDF_BYTES / 1_048_576 }));
      return;
    }
    setProblem(null);
    onFile(file);
  };

  const takeAll = (list: FileList | null | undefined) => {
    const all = Array.from(list ?? []);
    if (!multiple) return take(all[0]);
    if (loading) return;
    const refused = all.flatMap((file) => {
      const issue = problemOf(file);
      return issue
        ? [
            `${file.name}: ${t(`stamping.upload.problem.${issue}`, { max: MAX_PDF_BYTES / 1_048_576 })}`,
          ]
        : [];
    });
    setProblem(refused.length > 0 ? refused.join(' ') : null);
    for (const file of all) if (problemOf(file) === null) onFile(file);
  };

  const dropProps = useFileDrop(takeAll);

  const shownError = problem ?? error ?? null;

  return (
    <Stack gap="sm" data-testid={testId}>
      {/* A drop target for the mouse; the button and input are the keyboard path. */}
      <div className={classes.dropzone} data-compact={compact || undefined} {...dropProps}>
        <Stack align="center" gap={compact ? 6 : 10}>
          <ThemeIcon size={compact ? 40 : 56} radius="xl" variant="light">
            {loading ? <Loader size="sm" /> : <IconFileTypePdf size={compact ? 22 : 30} />}
          </ThemeIcon>
          <Text fw={600} ta="center">
            {loading ? t('stamping.upload.uploading') : (title ?? t('stamping.upload.title'))}
          </Text>
          <Text fz="sm" c="dimmed" ta="center">
            {hint ?? t('stamping.upload.hint', { max: MAX_PDF_BYTES / 1_048_576 })}
          </Text>
          <Group gap="xs">
            <Button
              onClick={() => inputRef.current?.click()}
              leftSection={<IconUpload size={16} />}
              disabled={loading}
              variant="light"
            >
              {t('stamping.upload.choose')}
            </Button>
          </Group>
          <input
            ref={inputRef}
            type="file"
            accept={
              acceptZip ? 'application/pdf,.pdf,application/zip,.zip' : 'application/pdf,.pdf'
            }
            multiple={multiple}
            hidden
            data-testid={`${testId}-input`}
            disabled={loading}
            onChange={(event) => {
              takeAll(event.currentTarget.files);
              event.currentTarget.value = '';
            }}
          />
        </Stack>
      </div>
      {shownError ? <ErrorAlert testId={`${testId}-error`}>{shownError}</ErrorAlert> : null}
    </Stack>
  );
};
