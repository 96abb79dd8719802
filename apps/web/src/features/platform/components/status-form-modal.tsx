import { configRuleOf } from '@bubuh/contracts';
import { Code, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { dialogSaveHandlers, useDialogFill } from '@/components/lists/form-dialog';
import { type TMasterStatus, useUpdateMasterStatus } from '../api/master-status';
import { checkStatusValue, MAX_STATUS_VALUE, normaliseStatusValue } from '../utils/platform-rules';
import { useStatusLabel } from './use-status-label';

type TStatusFormModalProps = {
  opened: boolean;
  status: TMasterStatus | null;
  onClose: () => void;
};

/** Changes one configuration value (super); known groups take a number within their range. */
export const StatusFormModal = ({ opened, status, onClose }: TStatusFormModalProps) => {
  const { t } = useTranslation();
  const save = useUpdateMasterStatus();
  const labelOf = useStatusLabel();
  const group = status?.status_group ?? '';
  const rule = configRuleOf(group);
  const range = rule ? { min: rule.min, max: rule.max } : {};
  const form = useForm({
    initialValues: { status_name: '' },
    validate: {
      status_name: (value) => {
        const problem = checkStatusValue(group, value);
        return problem ? t(problem, range) : null;
      },
    },
  });

  useDialogFill(opened, status, form, save, () =>
    status ? { status_name: status.status_name } : null,
  );

  const submit = form.onSubmit((values) => {
    if (!status) return;
    save.mutate(
      { id: status.id, status_name: normaliseStatusValue(group, values.status_name) },
      dialogSaveHandlers({
        t,
        entity: 'platform.entity.status',
        isNew: false,
        onClose,
        form,
        fields: ['status_name'],
      }),
    );
  });

  const label = status ? labelOf(status) : null;

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={
        label ? t('platform.status.editNamed', { name: label.name }) : t('platform.status.edit')
      }
      onSubmit={submit}
      save={save}
      testId="status-form"
      submitTestId="status-submit"
    >
      {status && label ? (
        <Stack gap={4}>
          <Code w="fit-content">{status.status_group}</Code>
          {label.hint ? (
            <Text fz="sm" c="dimmed">
              {label.hint}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      <TextInput
        label={t('platform.status.value')}
        placeholder={t('platform.status.valuePlaceholder')}
        description={
          rule
            ? t(
                rule.kind === 'integer'
                  ? 'platform.status.wholeNumberHint'
                  : 'platform.status.percentHint',
                range,
              )
            : undefined
        }
        inputMode={rule ? (rule.kind === 'integer' ? 'numeric' : 'decimal') : undefined}
        maxLength={MAX_STATUS_VALUE + 1}
        withAsterisk
        data-autofocus
        data-testid="status-value-input"
        {...form.getInputProps('status_name')}
      />
    </FormModal>
  );
};
