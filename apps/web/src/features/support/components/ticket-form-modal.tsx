import {
  ROUTES,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_FILES,
  TICKET_CATEGORIES,
  TICKET_LEVELS,
  toPath,
  ZTicketCreate,
} from '@bubuh/contracts';
import { Anchor, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FormModal } from '@/components/form-modal';
import { fieldErrorsOf } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { notifySuccess } from '@/lib/notify';
import { useArticles } from '../api/articles';
import { useTicketLinkOptions } from '../api/ticket-links';
import { useCreateTicket } from '../api/tickets';
import { attachmentProblem, ticketFormData } from './attachment-rules';
import { AttachmentsInput } from './attachments-input';

type TValues = {
  subject: string;
  category: string;
  level: string;
  description: string;
  document_id: string | null;
  batch_id: string | null;
  invoice_id: string | null;
  attachments: File[];
};

/** The optional links, each a picker of the caller's recent records. */
const LINKS = ['document_id', 'batch_id', 'invoice_id'] as const;
const LINK_LABEL = {
  document_id: ['support.form.document', 'documents'],
  batch_id: ['support.form.batch', 'batches'],
  invoice_id: ['support.form.invoice', 'invoices'],
} as const;

const FIELDS = ['subject', 'category', 'level', 'description', ...LINKS, 'attachments'] as const;

/** A new ticket (multipart): fields, optional document, up to 5 attachments; suggests articles. */
export const TicketFormModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateTicket();
  const form = useForm<TValues>({
    initialValues: {
      subject: '',
      category: 'stamping',
      level: 'Medium',
      description: '',
      document_id: null,
      batch_id: null,
      invoice_id: null,
      attachments: [],
    },
    validate: {
      subject: (v) =>
        ZTicketCreate.shape.subject.safeParse(v).success ? null : t('support.form.subjectRule'),
      description: (v) => (v.trim() ? null : t('support.form.required')),
      attachments: (files) => attachmentProblem(files, t),
    },
  });
  const [subject] = useDebouncedValue(form.values.subject.trim(), 300);
  const language = i18n.language === 'id' ? 'id' : 'en';
  const suggestions = useArticles(
    'article',
    { language, search: subject },
    opened && subject.length >= 3,
  );
  const links = useTicketLinkOptions(opened);

  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    const body = ticketFormData(
      {
        subject: values.subject.trim(),
        category: values.category,
        level: values.level,
        description: values.description.trim(),
        ...Object.fromEntries(LINKS.map((field) => [field, values[field]])),
      },
      values.attachments,
    );
    create.mutate(
      { body },
      {
        onSuccess: (answer) => {
          notifySuccess(t('support.toast.created'));
          close();
          navigate(toPath(ROUTES.ticketDetail.path, { id: answer.data.id }));
        },
        onError: (error) => form.setErrors(fieldErrorsOf(error, FIELDS)),
      },
    );
  });

  const found = (suggestions.data ?? []).slice(0, 3);
  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={t('support.ticket.add')}
      size="lg"
      onSubmit={submit}
      pending={create.isPending}
      error={create.error ? serverMessage(create.error, t) : null}
      submitLabel={t('support.form.submit')}
      testId="ticket-form"
      submitTestId="ticket-form-submit"
    >
      <TextInput
        label={t('support.ticket.subject')}
        withAsterisk
        data-testid="ticket-subject"
        {...form.getInputProps('subject')}
      />
      {found.length > 0 ? (
        <Stack gap={2} data-testid="ticket-suggestions">
          <Text fz="xs" c="dimmed">
            {t('support.form.suggestions')}
          </Text>
          {found.map((a) => (
            <Anchor
              key={a.id}
              fz="sm"
              onClick={() => navigate(`${ROUTES.knowledgeBase.path}?article=${a.id}`)}
            >
              {a.title}
            </Anchor>
          ))}
        </Stack>
      ) : null}
      <Select
        label={t('support.ticket.category')}
        data={TICKET_CATEGORIES.map((c) => ({ value: c, label: t(`support.category.${c}`) }))}
        allowDeselect={false}
        {...form.getInputProps('category')}
      />
      <Select
        label={t('support.ticket.level')}
        data={TICKET_LEVELS.map((l) => ({ value: l, label: t(`support.level.${l}`) }))}
        allowDeselect={false}
        data-testid="ticket-level"
        {...form.getInputProps('level')}
      />
      <Textarea
        label={t('support.ticket.description')}
        withAsterisk
        autosize
        minRows={4}
        data-testid="ticket-description"
        {...form.getInputProps('description')}
      />
      {LINKS.map((field) => (
        <Select
          key={field}
          label={t(LINK_LABEL[field][0])}
          placeholder={t('support.form.documentNone')}
          searchable
          clearable
          data={links[LINK_LABEL[field][1]]}
          data-testid={`ticket-link-${field}`}
          {...form.getInputProps(field)}
        />
      ))}
      <AttachmentsInput
        label={t('support.form.attachments')}
        description={t('support.form.attachmentsHint', {
          count: TICKET_ATTACHMENT_MAX_FILES,
          mb: TICKET_ATTACHMENT_MAX_BYTES / 1048576,
        })}
        data-testid="ticket-attachments"
        {...form.getInputProps('attachments')}
      />
    </FormModal>
  );
};
