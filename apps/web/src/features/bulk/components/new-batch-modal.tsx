import {
  BATCH_PAGE_MODES,
  type TBatchPageMode,
  TEMPLATE_ENDPOINTS,
  type TTemplate,
} from '@bubuh/contracts';
import {
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { serverMessage } from '@/lib/api-errors';
import { useDocTypes } from '@/lib/document-queries';
import { useEndpointQuery } from '@/lib/endpoint';
import { useCreateBatch } from '../api/batches';

type TNewBatchModalProps = {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
  /** A template chosen beforehand (/stamp/bulk/use-template/{id}). */
  templateId?: number | null;
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
};

/** Step one of a batch: its name, the e-Meterai box (from a template or the default), type, value. */
export const NewBatchModal = ({
  opened,
  onClose,
  onCreated,
  templateId = null,
}: TNewBatchModalProps) => {
  const { t } = useTranslation();
  const create = useCreateBatch();
  const docTypes = useDocTypes();
  const templates = useEndpointQuery(
    TEMPLATE_ENDPOINTS.list,
    { query: { page: 1, perPage: 100 } },
    { select: (body) => body.data.data.filter((tpl) => tpl.emeterai !== null), enabled: opened },
  );
  const form = useForm<TValues>({
    initialValues: {
      name: '',
      templateId: templateId === null ? null : String(templateId),
      pageMode: 'last',
      page: 1,
      docType: null,
      docValue: '',
    },
    validate: {
      name: (v) => (v.trim().length < 2 ? t('bulk.create.nameRequired') : null),
      docType: (v) => (v ? null : t('bulk.create.docTypeRequired')),
    },
  });
  const template: TTemplate | undefined = templates.data?.find(
    (tpl) => String(tpl.id) === form.values.templateId,
  );

  const submit = form.onSubmit((values) => {
    const box = template?.emeterai ?? { ...DEFAULT_BOX, page: values.page };
    create.mutate(
      {
        body: {
          name: values.name.trim(),
          doc_type: values.docType ?? '',
          doc_value: typeof values.docValue === 'number' ? values.docValue : null,
          template_id: template?.id ?? null,
          placement: {
            page_mode: values.pageMode,
            page: values.pageMode === 'fixed' ? values.page : 1,
            x: box.x,
            y: box.y,
            width: box.width,
            height: box.height,
          },
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
      error={create.error ? serverMessage(create.error, t) : null}
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
        <Select
          label={t('bulk.create.template')}
          placeholder={t('bulk.create.noTemplate')}
          clearable
          data={(templates.data ?? []).map((tpl) => ({ value: String(tpl.id), label: tpl.name }))}
          {...form.getInputProps('templateId')}
        />
        <Text fz="xs" c="dimmed">
          {template ? t('bulk.create.fromTemplate') : t('bulk.create.defaultBox')}
        </Text>
        <Input.Wrapper label={t('bulk.create.pageMode')}>
          <SegmentedControl
            fullWidth
            data={BATCH_PAGE_MODES.map((mode) => ({
              value: mode,
              label: t(`bulk.pageMode.${mode}`),
            }))}
            {...form.getInputProps('pageMode')}
          />
        </Input.Wrapper>
        {form.values.pageMode === 'fixed' ? (
          <NumberInput
            label={t('bulk.create.page')}
            min={1}
            allowDecimal={false}
            {...form.getInputProps('page')}
          />
        ) : null}
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
