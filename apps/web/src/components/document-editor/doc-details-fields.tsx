import { formatIDR } from '@bubuh/contracts';
import { NumberInput, Select, Text } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { statusMessage } from '@/lib/api-errors';
import type { useDocTypes } from '@/lib/document-queries';

/** The provider's document types as select options ("code · name"). */
export const docTypeOptionsOf = (types: ReturnType<typeof useDocTypes>['data']) =>
  (types ?? []).map((type) => ({ value: type.kode, label: `${type.kode} · ${type.nama}` }));

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
