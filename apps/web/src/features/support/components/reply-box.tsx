import { Button, Checkbox, Group, Paper, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { fieldErrorsOf } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { notifySuccess } from '@/lib/notify';
import { useReplyTicket } from '../api/tickets';
import { attachmentProblem, ticketFormData } from './attachment-rules';
import { AttachmentsInput } from './attachments-input';

type TValues = { message: string; internal: boolean; attachments: File[] };

/** The reply box (multipart, with attachments); support may write an internal note instead. */
export const ReplyBox = ({ ticketId, support }: { ticketId: number; support: boolean }) => {
  const { t } = useTranslation();
  const reply = useReplyTicket();
  const form = useForm<TValues>({
    initialValues: { message: '', internal: false, attachments: [] },
    validate: {
      message: (v) => (v.trim() ? null : t('support.form.required')),
      attachments: (files) => attachmentProblem(files, t),
    },
  });
  const submit = form.onSubmit((values) => {
    const body = ticketFormData(
      {
        ticket_id: String(ticketId),
        message: values.message.trim(),
        internal: support && values.internal ? 'true' : null,
      },
      values.attachments,
    );
    reply.mutate(
      { body },
      {
        onSuccess: () => {
          notifySuccess(t(values.internal ? 'support.toast.noted' : 'support.toast.replied'));
          form.reset();
        },
        onError: (error) => form.setErrors(fieldErrorsOf(error, ['message', 'attachments'])),
      },
    );
  });
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate data-testid="reply-form">
        <Stack gap="sm">
          <Textarea
            placeholder={t('support.reply.placeholder')}
            aria-label={t('support.reply.placeholder')}
            autosize
            minRows={3}
            data-testid="reply-message"
            {...form.getInputProps('message')}
          />
          <AttachmentsInput
            placeholder={t('support.form.attachments')}
            aria-label={t('support.form.attachments')}
            data-testid="reply-attachments"
            {...form.getInputProps('attachments')}
          />
          {reply.error ? (
            <ErrorAlert testId="reply-error">{serverMessage(reply.error, t)}</ErrorAlert>
          ) : null}
          <Group justify="space-between">
            {support ? (
              <Checkbox
                label={t('support.reply.internal')}
                data-testid="reply-internal"
                {...form.getInputProps('internal', { type: 'checkbox' })}
              />
            ) : (
              <span />
            )}
            <Button
              type="submit"
              leftSection={<IconSend size={16} />}
              loading={reply.isPending}
              data-testid="reply-submit"
            >
              {t('support.reply.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
