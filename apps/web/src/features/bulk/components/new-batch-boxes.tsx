import { BATCH_PAGE_MODES, type TBulkTemplate, type TTemplate } from '@bubuh/contracts';
import { Checkbox, Input, NumberInput, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { anchorLabel } from './bulk-box-anchor';

/** Without a bulk template: a document template's e-Meterai box (or the default) on a page. */
export const SingleTemplateBox = ({
  templates,
  chosen,
  pageMode,
  templateInput,
  pageModeInput,
  pageInput,
}: {
  templates: TTemplate[];
  chosen: boolean;
  pageMode: string;
  templateInput: GetInputPropsReturnType;
  pageModeInput: GetInputPropsReturnType;
  pageInput: GetInputPropsReturnType;
}) => {
  const { t } = useTranslation();
  return (
    <>
      <Select
        label={t('bulk.create.template')}
        placeholder={t('bulk.create.noTemplate')}
        clearable
        data={templates.map((tpl) => ({ value: String(tpl.id), label: tpl.name }))}
        {...templateInput}
      />
      <Text fz="xs" c="dimmed">
        {chosen ? t('bulk.create.fromTemplate') : t('bulk.create.defaultBox')}
      </Text>
      <Input.Wrapper label={t('bulk.create.pageMode')}>
        <SegmentedControl
          fullWidth
          data={BATCH_PAGE_MODES.map((mode) => ({
            value: mode,
            label: t(`bulk.pageMode.${mode}`),
          }))}
          {...pageModeInput}
        />
      </Input.Wrapper>
      {pageMode === 'fixed' ? (
        <NumberInput label={t('bulk.create.page')} min={1} allowDecimal={false} {...pageInput} />
      ) : null}
    </>
  );
};

/**
 * With a bulk template: where its boxes land in each file and, when it signs, the owner's
 * consent to sign every document with their specimen (and to confirm their name and NIK).
 */
export const BulkTemplateBoxes = ({
  template,
  confirm,
}: {
  template: TBulkTemplate;
  confirm: GetInputPropsReturnType;
}) => {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="batch-bulk-template">
      <Text fz="sm" fw={600}>
        {t('bulk.create.fromBulkTemplate', { name: template.name })}
      </Text>
      <Text fz="xs">
        {t('stamping.box.label')}: {anchorLabel(template.emeterai, t)}
      </Text>
      {template.esign ? (
        <>
          <Text fz="xs">
            {t('bulk.template.esignBox')}: {anchorLabel(template.esign, t)}
          </Text>
          <Checkbox
            mt="xs"
            label={t('bulk.create.identity')}
            data-testid="batch-identity"
            {...confirm}
          />
        </>
      ) : null}
    </Stack>
  );
};
