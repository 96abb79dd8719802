import { type TDepartement, ZDepartementRequest } from '@bubuh/contracts';
import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { dialogSaveHandlers, useDialogFill } from '@/components/lists/form-dialog';
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

  useDialogFill(opened, departement, form, save, () => ({ name: departement?.name ?? '' }));

  const submit = form.onSubmit((values) => {
    save.mutate(
      { id: departement?.departement_id, name: values.name.trim() },
      dialogSaveHandlers({
        t,
        entity: 'master.entity.department',
        isNew: !departement,
        onClose,
        form,
        fields: ['name'],
      }),
    );
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={departement ? t('master.department.edit') : t('master.department.add')}
      onSubmit={submit}
      save={save}
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
