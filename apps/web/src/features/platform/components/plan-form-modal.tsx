import type { TPlan } from '@bubuh/contracts';
import {
  Divider,
  NumberInput,
  Select,
  SimpleGrid,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { dialogSaveHandlers, useDialogFill } from '@/components/lists/form-dialog';
import { rule } from '@/lib/validation';
import { useUpdatePlan } from '../api/plans';
import {
  checkPlanName,
  checkPlanNumber,
  formToPlan,
  MAX_PLAN_NUMBER,
  PLAN_FLAG_FIELDS,
  PLAN_NUMBER_FIELDS,
  PLAN_NUMBER_MIN,
  PLAN_STATUSES,
  planChanges,
  planToForm,
  type TPlanFormValues,
  type TPlanNumberField,
} from '../utils/platform-rules';

type TPlanFormModalProps = {
  opened: boolean;
  plan: TPlan | null;
  onClose: () => void;
};

const EMPTY: TPlanFormValues = {
  plan_name: '',
  status: 'active',
  note: '',
  price: 0,
  duration_days: 365,
  total_emeterai: 0,
  total_esign: 0,
  total_multiuser: 0,
  total_psre: 0,
  is_emeterai: true,
  is_esign_spesimen: false,
  is_esign_certificate: false,
  is_multiple_esign: false,
  is_multi_sign: false,
  is_parent: false,
  is_digital_locker: false,
};

const FORM_FIELDS: readonly string[] = Object.keys(EMPTY);

/** Edits one plan of the catalogue (super); only the changed fields are sent. */
export const PlanFormModal = ({ opened, plan, onClose }: TPlanFormModalProps) => {
  const { t } = useTranslation();
  const save = useUpdatePlan();
  const numberCheck = (field: TPlanNumberField) => (value: number | string) => {
    const problem = checkPlanNumber(value, PLAN_NUMBER_MIN[field]);
    return problem ? t(problem, { min: PLAN_NUMBER_MIN[field] }) : null;
  };
  const form = useForm<TPlanFormValues>({
    initialValues: EMPTY,
    validate: {
      plan_name: rule(t, checkPlanName),
      price: numberCheck('price'),
      duration_days: numberCheck('duration_days'),
      total_emeterai: numberCheck('total_emeterai'),
      total_esign: numberCheck('total_esign'),
      total_multiuser: numberCheck('total_multiuser'),
      total_psre: numberCheck('total_psre'),
    },
  });

  useDialogFill(opened, plan, form, save, () => (plan ? planToForm(plan) : null));

  const submit = form.onSubmit((values) => {
    if (!plan) return;
    const patch = planChanges(plan, formToPlan(plan.plan, values));
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    save.mutate(
      { id: plan.plan, patch },
      dialogSaveHandlers({
        t,
        entity: 'platform.entity.plan',
        isNew: false,
        onClose,
        form,
        fields: FORM_FIELDS,
      }),
    );
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={
        plan ? t('platform.plan.editNamed', { name: plan.plan_name }) : t('platform.plan.edit')
      }
      size="xl"
      onSubmit={submit}
      save={save}
      testId="plan-form"
      submitTestId="plan-submit"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('platform.plan.name')}
          placeholder={t('platform.plan.namePlaceholder')}
          withAsterisk
          data-autofocus
          data-testid="plan-name"
          {...form.getInputProps('plan_name')}
        />
        <Select
          label={t('platform.plan.status')}
          data={PLAN_STATUSES.map((status) => ({
            value: status,
            label: t(`platform.plan.statuses.${status}`),
          }))}
          allowDeselect={false}
          withAsterisk
          data-testid="plan-status"
          {...form.getInputProps('status')}
        />
      </SimpleGrid>
      <Textarea
        label={t('platform.plan.note')}
        placeholder={t('platform.plan.notePlaceholder')}
        autosize
        minRows={2}
        maxRows={4}
        data-testid="plan-note"
        {...form.getInputProps('note')}
      />
      <Divider label={t('platform.plan.figures')} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md">
        {PLAN_NUMBER_FIELDS.map((field) => (
          <NumberInput
            key={field}
            label={t(`platform.plan.fields.${field}`)}
            min={PLAN_NUMBER_MIN[field]}
            max={MAX_PLAN_NUMBER}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator="."
            decimalSeparator=","
            withAsterisk
            data-testid={`plan-${field}`}
            {...form.getInputProps(field)}
          />
        ))}
      </SimpleGrid>
      <Divider label={t('platform.plan.featuresTitle')} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {PLAN_FLAG_FIELDS.map((flag) => (
          <Switch
            key={flag}
            label={t(`platform.plan.flags.${flag}`)}
            data-testid={`plan-flag-${flag}`}
            {...form.getInputProps(flag, { type: 'checkbox' })}
          />
        ))}
      </SimpleGrid>
    </FormModal>
  );
};
