import { Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '@/components/ui/dialog-actions';
import { serverMessage } from '@/lib/api-errors';

/** The longest reason the API takes (contracts `ZDeclineRequest`). */
const REASON_MAX = 500;

type TDeclineDialogProps = {
  opened: boolean;
  owner: string;
  pending: boolean;
  error: Error | null;
  onClose: () => void;
  onDecline: (reason: string) => void;
};

/**
 * A signer declines to sign: the reason they give goes to the owner. Line breaks become spaces
 * (the reason is one line of text everywhere it is shown).
 */
export const DeclineDialog = ({
  opened,
  owner,
  pending,
  error,
  onClose,
  onDecline,
}: TDeclineDialogProps) => {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const cleaned = reason.replace(/\s*[\r\n]+\s*/g, ' ').trim();
  const missing = cleaned === '';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('stamping.sign.declineTitle')}
      centered
      radius="lg"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!missing) onDecline(cleaned);
        }}
      >
        <Stack gap="md" data-testid="decline-dialog">
          <Text fz="sm">{t('stamping.sign.declineBody', { owner })}</Text>
          <Textarea
            label={t('stamping.sign.declineReason')}
            placeholder={t('stamping.sign.declineReasonPlaceholder')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={REASON_MAX}
            autosize
            minRows={3}
            withAsterisk
            data-autofocus
            error={touched && missing ? t('stamping.sign.declineReasonRequired') : null}
            description={`${cleaned.length} / ${REASON_MAX}`}
            data-testid="decline-reason"
          />
          <DialogActions
            error={error ? serverMessage(error, t) : null}
            errorTestId="decline-error"
            loading={pending}
            onCancel={onClose}
          >
            <Button type="submit" color="red" loading={pending} data-testid="decline-confirm">
              {t('stamping.sign.declineConfirm')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
};
