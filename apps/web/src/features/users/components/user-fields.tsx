import { TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

type TUserFieldsProps = {
  /** `form.getInputProps('fullName')` and `form.getInputProps('email')`. */
  name: GetInputPropsReturnType;
  email: GetInputPropsReturnType;
  /** Test ids `<testIdPrefix>-fullname` and `<testIdPrefix>-email`. */
  testIdPrefix: 'user' | 'child-user';
  /** The name field takes the dialog's first focus. */
  autoFocus?: boolean;
  /** An existing user's e-mail cannot change: shown, not required, not editable. */
  emailFixed?: boolean;
  /** The hint under a new user's e-mail (the invitation goes there). */
  withEmailHint?: boolean;
};

/** A user's full name and e-mail: the add/edit dialog and the child-user form. */
export const UserFields = ({
  name,
  email,
  testIdPrefix,
  autoFocus = false,
  emailFixed = false,
  withEmailHint = false,
}: TUserFieldsProps) => {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('master.user.fullName')}
        withAsterisk
        data-autofocus={autoFocus || undefined}
        data-testid={`${testIdPrefix}-fullname`}
        {...name}
      />
      <TextInput
        label={t('master.user.email')}
        type="email"
        withAsterisk={!emailFixed}
        disabled={emailFixed}
        description={withEmailHint && !emailFixed ? t('master.user.emailHint') : undefined}
        data-testid={`${testIdPrefix}-email`}
        {...email}
      />
    </>
  );
};
