import { TextInput, type TextInputProps } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** An e-mail field of the auth forms: the mail icon, e-mail keyboard and autofill, `name="email"`. */
export const EmailInput = (props: TextInputProps) => (
  <TextInput
    type="email"
    autoComplete="email"
    leftSection={<IconMail size={18} stroke={1.6} />}
    name="email"
    {...props}
  />
);

/** The e-mail field of the sign-in and forgot-password forms (takes `form.getInputProps`). */
export const SignInEmailInput = (props: TextInputProps) => {
  const { t } = useTranslation();
  return (
    <EmailInput
      label={t('auth.login.email')}
      placeholder={t('auth.login.emailPlaceholder')}
      size="md"
      {...props}
    />
  );
};
