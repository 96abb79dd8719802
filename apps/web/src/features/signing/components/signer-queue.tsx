import { signingProgressOf, type TDocument } from '@bubuh/contracts';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Who signs the document, in order, and who has signed. */
export const SignerQueue = ({ doc }: { doc: TDocument }) => {
  const { t } = useTranslation();
  const progress = signingProgressOf(doc);
  return (
    <Stack gap={6} data-testid="signer-queue">
      <Text fw={600} fz="sm">
        {t('stamping.details.signers')}
      </Text>
      <Text fz="sm" c="dimmed" data-testid="signer-progress">
        {doc.signing_status === 'stopped'
          ? t('stamping.sign.progressStopped', { signed: progress.signed, total: progress.total })
          : progress.waitingFor
            ? t('stamping.sign.progress', {
                signed: progress.signed,
                total: progress.total,
                name: progress.waitingFor,
              })
            : t('stamping.sign.progressDone', { total: progress.total })}
      </Text>
      {[...doc.signers]
        .sort((a, b) => a.position - b.position)
        .map((signer) => (
          <Group key={signer.position} gap="xs" justify="space-between" wrap="nowrap">
            <Text fz="sm" truncate="end">
              {signer.position}. {signer.fullName}
            </Text>
            <Badge size="sm" variant="light" color={signer.status === 'signed' ? 'green' : 'gray'}>
              {signer.status === 'signed'
                ? t('stamping.details.signed')
                : t('stamping.details.pending')}
            </Badge>
          </Group>
        ))}
    </Stack>
  );
};
