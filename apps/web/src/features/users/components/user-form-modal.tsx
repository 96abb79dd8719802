import { type TCompanyUser, ZPhoneNumber } from '@bubuh/contracts';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { DepartementSelect } from '@/components/forms/departement-select';
import { dialogSaveHandlers, useDialogFill } from '@/components/lists/form-dialog';
import { serverMessage, statusMessage } from '@/lib/api-errors';
import { type TAssignableRole, type TUserInput, useSaveUser } from '../api/users';
import { UserFields } from './user-fields';
import { emailError, fullNameError } from './user-rules';

export type TDepartementChoice = { departement_id: number; name: string };

type TUserFormModalProps = {
  opened: boolean;
  /** The user to edit; absent to add one. */
  user: TCompanyUser | null;
  departements: TDepartementChoice[];
  /** Only an admin may appoint another admin (the server checks too). */
  canAppointAdmin: boolean;
  onClose: () => void;
};

type TValues = {
  fullName: string;
  email: string;
  phoneNumber: string;
  role: TAssignableRole;
  departement_id: string | null;
};

const EMPTY: TValues = {
  fullName: '',
  email: '',
  phoneNumber: '',
  role: 'user',
  departement_id: null,
};

const FORM_FIELDS = ['fullName', 'email', 'phoneNumber', 'role', 'departement_id'];

export const UserFormModal = ({
  opened,
  user,
  departements,
  canAppointAdmin,
  onClose,
}: TUserFormModalProps) => {
  const { t } = useTranslation();
  const save = useSaveUser();
  const editing = user !== null;
  const form = useForm<TValues>({
    initialValues: EMPTY,
    validate: {
      fullName: (value) => fullNameError(t, value),
      email: (value) => (editing ? null : emailError(t, value)),
      phoneNumber: (value) =>
        !value.trim() || ZPhoneNumber.safeParse(value).success
          ? null
          : t('master.user.phoneInvalid'),
      departement_id: (value, values) =>
        values.role === 'user' && !value ? t('master.user.departmentRequired') : null,
    },
  });

  useDialogFill(opened, user, form, save, () =>
    user
      ? {
          fullName: user.fullName,
          email: user.email,
          phoneNumber: user.phone ?? '',
          role: user.role === 'super' ? 'admin' : user.role,
          departement_id: user.departement_id === null ? null : String(user.departement_id),
        }
      : EMPTY,
  );
  // Spec §8: adding a user shows the server message; other forms the status and fields.
  const errorText = (error: unknown) =>
    editing ? statusMessage(error, t) : serverMessage(error, t);

  const roles: { value: TAssignableRole; label: string }[] = [
    { value: 'user', label: t('master.roles.user') },
    { value: 'admin-company', label: t('master.roles.admin-company') },
    ...(canAppointAdmin || user?.role === 'admin'
      ? [{ value: 'admin' as const, label: t('master.roles.admin') }]
      : []),
  ];

  const submit = form.onSubmit((values) => {
    const input: TUserInput = {
      fullName: values.fullName,
      email: values.email,
      phoneNumber: values.phoneNumber,
      role: values.role,
      departement_id: values.departement_id ? Number(values.departement_id) : null,
    };
    save.mutate(
      { id: user?.id, input },
      dialogSaveHandlers({
        t,
        entity: 'master.entity.user',
        isNew: !editing,
        onClose,
        form,
        fields: FORM_FIELDS,
        text: errorText,
      }),
    );
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={editing ? t('master.user.edit') : t('master.user.add')}
      size="lg"
      onSubmit={submit}
      save={save}
      errorText={errorText}
      submitLabel={editing ? undefined : t('master.user.invite')}
      testId="user-form"
      submitTestId="user-submit"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <UserFields
          name={form.getInputProps('fullName')}
          email={form.getInputProps('email')}
          testIdPrefix="user"
          autoFocus
          emailFixed={editing}
          withEmailHint
        />
        <TextInput
          label={t('master.user.phone')}
          placeholder="081234567890"
          data-testid="user-phone"
          {...form.getInputProps('phoneNumber')}
        />
        <Select
          label={t('master.user.role')}
          data={roles}
          allowDeselect={false}
          withAsterisk
          data-testid="user-role"
          {...form.getInputProps('role')}
        />
      </SimpleGrid>
      {form.values.role === 'user' ? (
        <DepartementSelect
          departements={departements}
          textKey="master.user"
          testId="user-department"
          {...form.getInputProps('departement_id')}
        />
      ) : null}
    </FormModal>
  );
};
