import { formatIDR } from '@bubuh/contracts';
import { Group, NumberInput, Select, Text } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { statusMessage } from '@/lib/api-errors';
import type { useDocTypes } from '@/lib/document-queries';

/** The provider's document types as select options: the human name first, the code after it. */
export const docTypeOptionsOf = (types: ReturnType<typeof useDocTypes>['data']) =>
  (types ?? []).map((type) => ({ value: type.kode, label: `${type.nama} (${type.kode})` }));

/** The document type `code` as the list shows it; undefined when the list lacks it. */
export const docTypeLabel = (
  types: ReturnType<typeof useDocTypes>['data'],
  code: string | null,
): string | undefined => docTypeOptionsOf(types).find((option) => option.value === code)?.label;

/** An option as the list shows it: the name, then the provider's code small. */
const renderDocType = ({ option }: { option: { value: string; label: string } }) => (
  <Group gap={6} wrap="nowrap">
    <Text fz="sm">{option.label.replace(/ \([^)]*\)$/, '')}</Text>
    <Text fz="xs" c="dimmed" ff="monospace">
      {option.value}
    </Text>
  </Group>
);

/**
 * The e-Meterai document details of the stamping screens (draft editor, stamp with a template):
 * the document type from the provider's list and the document value in rupiah.
 */
export const DocDetailsFields = ({
  docTypes,
  typeInput,
  valueInput,
  required = true,
  typeHint,
}: {
  docTypes: Pick<ReturnType<typeof useDocTypes>, 'data' | 'isPending' | 'error'>;
  /** `form.getInputProps('doc_type')` and `form.getInputProps('doc_value')`. */
  typeInput: GetInputPropsReturnType;
  valueInput: GetInputPropsReturnType;
  required?: boolean;
  typeHint?: string | undefined;
}) => {
  const { t } = useTranslation();
  const options = docTypeOptionsOf(docTypes.data);
  const numericValue = typeof valueInput.value === 'number' ? valueInput.value : null;
  return (
    <>
      <Select
        label={t('stamping.draft.docType')}
        placeholder={t('stamping.draft.docTypePlaceholder')}
        description={typeHint}
        data={options}
        renderOption={renderDocType}
        searchable
        withAsterisk={required}
        nothingFoundMessage={t('stamping.draft.noDocType')}
        disabled={docTypes.isPending}
        comboboxProps={{ withinPortal: true }}
        data-testid="doc-type-select"
        {...typeInput}
      />
      {docTypes.error ? (
        <Text fz="xs" c="red">
          {statusMessage(docTypes.error, t)}
        </Text>
      ) : null}
      <NumberInput
        label={t('stamping.draft.docValue')}
        description={
          numericValue !== null ? formatIDR(numericValue) : t('stamping.draft.docValueHelp')
        }
        prefix="Rp "
        thousandSeparator="."
        decimalSeparator=","
        allowDecimal={false}
        allowNegative={false}
        min={0}
        hideControls
        data-testid="doc-value"
        {...valueInput}
      />
    </>
  );
};
