import { Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfDropzone } from '@/components/document-editor/pdf-dropzone';
import { serverMessage } from '@/lib/api-errors';
import { type TUploaded, toUploadForm, useUploadDocument } from '@/lib/document-queries';

const showNotice = (message: string) =>
  notifications.show({ message, color: 'yellow', autoClose: 10_000, withBorder: true });

type TUploadDocumentCardProps = {
  title: string;
  intro: string;
  steps: string[];
  onUploaded: (uploaded: TUploaded) => void;
  footer?: ReactNode;
  testId?: string;
};

/** Upload one PDF (kept as a draft) and continue with it. */
export const UploadDocumentCard = ({
  title,
  intro,
  steps,
  onUploaded,
  footer,
  testId = 'upload-document',
}: TUploadDocumentCardProps) => {
  const { t } = useTranslation();
  const upload = useUploadDocument();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={880} data-testid={testId}>
      <Stack gap="lg">
        <div>
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Text c="dimmed" fz="sm" mt={4}>
            {intro}
          </Text>
        </div>
        <PdfDropzone
          loading={upload.isPending}
          error={upload.error ? serverMessage(upload.error, t) : null}
          onFile={(file) =>
            upload.mutate(
              { body: toUploadForm(file) },
              {
                onSuccess: (answer) => {
                  // The answer's message says when the file was repaired; scripts are flagged too.
                  if (answer.data.repaired) showNotice(answer.message);
                  if (answer.data.javascript.count > 0)
                    showNotice(
                      t('stamping.javascript.body', { count: answer.data.javascript.count }),
                    );
                  onUploaded(answer.data);
                },
              },
            )
          }
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
          {steps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
        {footer ? <Group gap="md">{footer}</Group> : null}
      </Stack>
    </Paper>
  );
};
