import type { TBatch, TBatchItem, TBatchManifestResult } from '@bubuh/contracts';
import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { PickFileButton } from '@/components/forms/pick-file-button';
import { serverMessage } from '@/lib/api-errors';
import { uploadBatchManifest } from '../api/batches';

/** A file's own values from the manifest (type · value · number · date), empty when none. */
export const manifestLine = (item: TBatchItem) =>
  [
    item.doc_type,
    item.doc_value === null ? null : `Rp${item.doc_value.toLocaleString('id-ID')}`,
    item.doc_number,
    item.doc_date,
  ]
    .filter((part) => part !== null)
    .join(' · ');

/**
 * "Attach manifest" on a draft batch: a CSV or XLSX whose rows override the batch's document type, value,
 * number and date per file; the server's answer is shown row by row.
 */
export const BatchManifest = ({ batch }: { batch: TBatch }) => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<TBatchManifestResult | null>(null);

  const attach = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult((await uploadBatchManifest(batch.id, file)).data);
      void client.invalidateQueries({ queryKey: ['batch-stamp'] });
    } catch (err) {
      setError(serverMessage(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" data-testid="batch-manifest">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text fw={600}>{t('bulk.manifest.title')}</Text>
            <Text fz="sm" c="dimmed">
              {t('bulk.manifest.hint')}
            </Text>
          </div>
          <PickFileButton
            onPick={attach}
            accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            label={t('bulk.manifest.attach')}
            icon={<IconFileSpreadsheet size={16} />}
            variant="light"
            loading={busy}
            testId="batch-manifest-attach"
          />
        </Group>
        {error ? <ErrorAlert testId="batch-manifest-error">{error}</ErrorAlert> : null}
        {result ? (
          <>
            <Text fz="sm" data-testid="batch-manifest-summary">
              {t('bulk.manifest.summary', { applied: result.applied, rejected: result.rejected })}
            </Text>
            <Table.ScrollContainer minWidth={480} mah={260}>
              <Table striped withTableBorder fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('bulk.manifest.row')}</Table.Th>
                    <Table.Th>{t('bulk.manifest.file')}</Table.Th>
                    <Table.Th>{t('bulk.manifest.result')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.rows.map((row) => (
                    <Table.Tr key={row.row} data-testid="batch-manifest-row">
                      <Table.Td>{row.row}</Table.Td>
                      <Table.Td>{row.file_name}</Table.Td>
                      <Table.Td>
                        <Badge color={row.status === 'applied' ? 'teal' : 'red'} variant="light">
                          {t(`bulk.manifest.${row.status}`)}
                        </Badge>{' '}
                        {row.reasons.join('; ')}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
};
