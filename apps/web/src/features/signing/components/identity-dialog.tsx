import { ROUTES, toPath } from '@bubuh/contracts';
import { Alert, Anchor, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isApiError } from '@/lib/api-client';

export type TIdentity = { fullName: string; nik: string | null };

/** The identity check of the first signature: 409 with errors.reason IDENTITY_REQUIRED. */
export const identityRequired = (error: unknown): TIdentity | null => {
  if (!isApiError(error) || error.status !== 409) return null;
  if (error.errors.reason !== 'IDENTITY_REQUIRED') return null;
  const fullName = typeof error.errors.fullName === 'string' ? error.errors.fullName : '';
  const nik = typeof error.errors.nik === 'string' ? error.errors.nik : null;
  return { fullName, nik };
};

type TIdentityDialogProps = {
  /** The caller's id: the account page where name and NIK are entered. */
  userId: number;
  /** The name and NIK the first signature's certificate will carry; null: closed. */
  identity: TIdentity | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
};

/** The first signature issues the user's certificate: they confirm their name and NIK. */
export const IdentityDialog = ({
  userId,
  identity,
  pending,
  onClose,
  onConfirm,
}: TIdentityDialogProps) => {
  const { t } = useTranslation();
  const missing = [
    ...(identity?.fullName ? [] : [t('stamping.sign.fullName')]),
    ...(identity?.nik ? [] : [t('stamping.sign.nik')]),
  ];
  const accountLink = `${toPath(ROUTES.account.path, { id: userId })}#signing-identity`;
  return (
    <Modal
      opened={identity !== null}
      onClose={onClose}
      title={t('stamping.sign.identityTitle')}
      centered
      radius="lg"
    >
      <Stack gap="md" data-testid="identity-dialog">
        <Text fz="sm">{t('stamping.sign.identityBody')}</Text>
        <Paper withBorder p="sm" radius="md">
          <Text fz="xs" c="dimmed">
            {t('stamping.sign.fullName')}
          </Text>
          <Text fw={600} data-testid="identity-name">
            {identity?.fullName || '-'}
          </Text>
          <Text fz="xs" c="dimmed" mt="xs">
            {t('stamping.sign.nik')}
          </Text>
          <Text fw={600} data-testid="identity-nik">
            {identity?.nik || t('stamping.sign.noNik')}
          </Text>
        </Paper>
        {missing.length > 0 ? (
          <Alert color="orange" variant="light" data-testid="identity-missing">
            {t('stamping.sign.identityMissing', { fields: missing.join(', ') })}
          </Alert>
        ) : null}
        <Text fz="xs" c="dimmed">
          {t('stamping.sign.identityWrong')}{' '}
          <Anchor component={Link} to={accountLink} fz="xs" data-testid="identity-account-link">
            {t('stamping.sign.identityEdit')}
          </Anchor>
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('stamping.actions.cancel')}
          </Button>
          <Button loading={pending} onClick={onConfirm} data-testid="identity-confirm">
            {t('stamping.sign.identityConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
