import { Group, List, Paper, Stack, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { UploadPdfDropzone } from '@/components/document-editor/upload-pdf-dropzone';
import { SectionHeading } from '@/components/section-card';
import { useUploadDocument } from '@/lib/document-queries';

const showNotice = (message: string) =>
  notifications.show({ message, color: 'yellow', autoClose: 10_000, withBorder: true });

type TUploadDocumentCardProps = {
  /** Where the texts are: `<textKey>.title`, `.intro` and the three `.step1` … `.step3`. */
  textKey: 'stamping.single' | 'stamping.esign';
  /** The page the uploaded draft opens in (its editor). */
  next: (documentId: number) => string;
  footer?: ReactNode;
  testId?: string;
};

const STEPS = ['step1', 'step2', 'step3'] as const;

/** Upload one PDF (kept as a draft) and continue with it. */
export const UploadDocumentCard = ({
  textKey,
  next,
  footer,
  testId = 'upload-document',
}: TUploadDocumentCardProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const upload = useUploadDocument();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={880} data-testid={testId}>
      <Stack gap="lg">
        <div>
          <SectionHeading title={t(`${textKey}.title`)} hint={t(`${textKey}.intro`)} />
        </div>
        <UploadPdfDropzone
          upload={upload}
          onUploaded={(answer) => {
            // The answer's message says when the file was repaired; scripts are flagged too.
            if (answer.data.repaired) showNotice(answer.message);
            if (answer.data.javascript.count > 0)
              showNotice(t('stamping.javascript.body', { count: answer.data.javascript.count }));
            navigate(next(answer.data.document_id));
          }}
          testId={`${testId}-dropzone`}
        />
        <List
          spacing={6}
          size="sm"
          icon={
            <ThemeIcon size={20} radius="xl" variant="light" color="teal">
              <IconCheck size={13} />
            </ThemeIcon>
          }
        >
          {STEPS.map((step) => (
            <List.Item key={step}>{t(`${textKey}.${step}`)}</List.Item>
          ))}
        </List>
        {footer ? <Group gap="md">{footer}</Group> : null}
      </Stack>
    </Paper>
  );
};
