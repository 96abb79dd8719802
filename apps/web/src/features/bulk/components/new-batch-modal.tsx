import { type TBatchPageMode, TEMPLATE_ENDPOINTS, type TTemplate } from '@bubuh/contracts';
import { NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { serverMessage } from '@/lib/api-errors';
import { useDocTypes } from '@/lib/document-queries';
import { useEndpointQuery } from '@/lib/endpoint';
import { useCreateBatch } from '../api/batches';
import { useBulkTemplate } from '../api/bulk-templates';
import { BulkTemplateBoxes, SingleTemplateBox } from './new-batch-boxes';

type TNewBatchModalProps = {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
  /** A bulk template chosen beforehand (/stamp/bulk/use-template/{id}): its boxes and defaults. */
  bulkTemplateId?: number | null;
};

/** Bottom right of an A4 page, the usual place of a meterai: used without a template. */
const DEFAULT_BOX = { x: 460, y: 60, width: 75, height: 75 };

type TValues = {
  name: string;
  templateId: string | null;
  pageMode: TBatchPageMode;
  page: number;
  docType: string | null;
  docValue: number | string;
  identityConfirmed: boolean;
};

/** Step one of a batch: its name, the e-Meterai box (from a template or the default), type, value. */
export const NewBatchModal = ({
  opened,
  onClose,
  onCreated,
  bulkTemplateId = null,
}: TNewBatchModalProps) => {
  const { t } = useTranslation();
  const create = useCreateBatch();
  const docTypes = useDocTypes();
  const bulkQuery = useBulkTemplate(bulkTemplateId);
  const bulk = bulkQuery.data;
  const templates = useEndpointQuery(
    TEMPLATE_ENDPOINTS.list,
    { query: { page: 1, perPage: 100 } },
    {
      select: (body) => body.data.data.filter((tpl) => tpl.emeterai !== null),
      enabled: opened && bulkTemplateId === null,
    },
  );
  const form = useForm<TValues>({
    initialValues: {
      name: '',
      templateId: null,
      pageMode: 'last',
      page: 1,
      docType: null,
      docValue: '',
      identityConfirmed: false,
    },
    validate: {
      name: (v) => (v.trim().length < 2 ? t('bulk.create.nameRequired') : null),
      docType: (v) => (v ? null : t('bulk.create.docTypeRequired')),
    },
  });
  // A bulk template's defaults fill the form once it arrives.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per template
  useEffect(() => {
    if (!bulk) return;
    form.setFieldValue('docType', bulk.doc_type);
    form.setFieldValue('docValue', bulk.doc_value ?? '');
  }, [bulk?.id]);
  const template: TTemplate | undefined = templates.data?.find(
    (tpl) => String(tpl.id) === form.values.templateId,
  );

  const boxesOf = (values: TValues) => {
    if (bulk) return { placement: bulk.emeterai, esign: bulk.esign };
    const { x, y, width, height } = template?.emeterai ?? DEFAULT_BOX;
    const page = values.pageMode === 'fixed' ? values.page : 1;
    return {
      template_id: template?.id ?? null,
      placement: { page_mode: values.pageMode, page, x, y, width, height },
    };
  };

  const submit = form.onSubmit((values) => {
    // A signing template: the owner consents to sign every document (and confirms their identity).
    if (bulk?.esign && !values.identityConfirmed) {
      form.setFieldError('identityConfirmed', t('bulk.create.identityRequired'));
      return;
    }
    create.mutate(
      {
        body: {
          name: values.name.trim(),
          doc_type: values.docType ?? '',
          doc_value: typeof values.docValue === 'number' ? values.docValue : null,
          ...boxesOf(values),
          ...(bulk?.esign ? { identity_confirmed: values.identityConfirmed } : {}),
        },
      },
      {
        onSuccess: (answer) => {
          form.reset();
          onCreated(answer.data.id);
        },
      },
    );
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('bulk.create.title')}
      onSubmit={submit}
      pending={create.isPending}
      error={
        create.error
          ? serverMessage(create.error, t)
          : bulkQuery.error
            ? serverMessage(bulkQuery.error, t)
            : null
      }
      submitLabel={t('bulk.create.submit')}
      testId="batch-create-form"
      submitTestId="batch-create-submit"
    >
      <Stack gap="sm">
        <TextInput
          label={t('bulk.create.name')}
          data-testid="batch-name"
          {...form.getInputProps('name')}
        />
        {bulk ? (
          <BulkTemplateBoxes
            template={bulk}
            confirm={form.getInputProps('identityConfirmed', { type: 'checkbox' })}
          />
        ) : (
          <SingleTemplateBox
            templates={templates.data ?? []}
            chosen={template !== undefined}
            pageMode={form.values.pageMode}
            templateInput={form.getInputProps('templateId')}
            pageModeInput={form.getInputProps('pageMode')}
            pageInput={form.getInputProps('page')}
          />
        )}
        <Select
          label={t('bulk.create.docType')}
          data-testid="batch-doc-type"
          data={(docTypes.data ?? []).map((d) => ({ value: d.kode, label: d.nama }))}
          searchable
          {...form.getInputProps('docType')}
        />
        <NumberInput
          label={t('bulk.create.docValue')}
          min={0}
          allowDecimal={false}
          thousandSeparator="."
          decimalSeparator=","
          {...form.getInputProps('docValue')}
        />
      </Stack>
    </FormModal>
  );
};
