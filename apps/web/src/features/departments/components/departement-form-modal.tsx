import { type TDepartement, ZDepartementRequest } from '@bubuh/contracts';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
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
    <Modal
      opened={opened}
      onClose={onClose}
      title={departement ? t('master.department.edit') : t('master.department.add')}
      centered
      radius="lg"
    >
      <form onSubmit={submit} noValidate data-testid="departement-form">
        <Stack gap="md">
          <TextInput
            label={t('master.department.name')}
            placeholder={t('master.department.namePlaceholder')}
            withAsterisk
            data-autofocus
            data-testid="departement-name"
            {...form.getInputProps('name')}
          />
          {save.error ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              role="alert"
              data-testid="departement-form-error"
            >
              {statusMessage(save.error, t)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('master.actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="departement-submit">
              {t('master.actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
