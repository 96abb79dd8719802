import { Alert, Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/api-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { type TInvoiceView, useUploadProof } from '../api/billing';
import { idr } from './money';

/** Bank transfer: where to send the money, then the proof (JPEG, PNG or PDF, up to 5 MB). */
export const ProofUpload = ({ invoice }: { invoice: TInvoiceView }) => {
  const { t } = useTranslation();
  const upload = useUploadProof();
  const [file, setFile] = useState<File | null>(null);
  const send = () => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file, file.name);
    upload.mutate(
      { params: { id: invoice.id }, body: form },
      {
        onSuccess: (body) => {
          setFile(null);
          notifySuccess(body.message);
        },
        onError: (error) => notifyError(serverMessage(error, t)),
      },
    );
  };
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="proof-upload">
      <Stack>
        <Title order={3} fz="lg">
          {t('billing.uploadProof')}
        </Title>
        <Text>
          {t('billing.transferAmount', { amount: idr(invoice.total) })} {invoice.bank_account}
        </Text>
        <Text fz="sm" c="dimmed">
          {t('billing.transferReference', { number: invoice.number })}
        </Text>
        {invoice.proof_status && (
          <Alert color={invoice.proof_status === 'rejected' ? 'red' : 'blue'} variant="light">
            {t(`billing.proofStatus.${invoice.proof_status}`)}
          </Alert>
        )}
        {invoice.status === 'pending' && (
          <>
            <FileInput
              label={t('billing.proofFile')}
              accept="image/png,image/jpeg,application/pdf"
              value={file}
              onChange={setFile}
              clearable
              data-testid="proof-file"
            />
            <Group justify="flex-end">
              <Button
                leftSection={<IconUpload size={16} />}
                disabled={!file}
                loading={upload.isPending}
                onClick={send}
                data-testid="proof-send"
              >
                {t('billing.sendProof')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
};
