import { type TDepartement, ZDepartementRequest } from '@bubuh/contracts';
import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { errorFields, statusMessage } from '@/lib/api-errors';
import { notifySuccess } from '@/lib/notify';
import { useSaveDepartement } from '../api/departements';

type TDepartementFormModalProps = {
  opened: boolean;
  /** The department to rename; absent to create one. */
  departement: TDepartement | null;
  onClose: () => void;
};

export const DepartementFormModal = ({
  opened,
  departement,
  onClose,
}: TDepartementFormModalProps) => {
  const { t } = useTranslation();
  const save = useSaveDepartement();
  const form = useForm({
    initialValues: { name: '' },
    validate: {
      name: (value) =>
        ZDepartementRequest.shape.name.safeParse(value).success
          ? null
          : t('master.department.nameInvalid'),
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens.
  useEffect(() => {
    if (!opened) return;
    form.setValues({ name: departement?.name ?? '' });
    form.resetDirty();
    form.clearErrors();
    save.reset();
  }, [opened, departement]);

  const submit = form.onSubmit((values) => {
    save.mutate(
      { id: departement?.departement_id, name: values.name.trim() },
      {
        onSuccess: () => {
          const entity = t('master.entity.department');
          notifySuccess(
            departement ? t('master.toast.update', { entity }) : t('master.toast.add', { entity }),
          );
          onClose();
        },
        onError: (error) => {
          if (errorFields(error).includes('name'))
            form.setFieldError('name', statusMessage(error, t));
        },
      },
    );
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={departement ? t('master.department.edit') : t('master.department.add')}
      onSubmit={submit}
      pending={save.isPending}
      error={save.error ? statusMessage(save.error, t) : null}
      testId="departement-form"
      submitTestId="departement-submit"
    >
      <TextInput
        label={t('master.department.name')}
        placeholder={t('master.department.namePlaceholder')}
        withAsterisk
        data-autofocus
        data-testid="departement-name"
        {...form.getInputProps('name')}
      />
    </FormModal>
  );
};
