import { TextInput, type TextInputProps } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The e-mail field of the sign-in and forgot-password forms (takes `form.getInputProps`). */
export const SignInEmailInput = (props: TextInputProps) => {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('auth.login.email')}
      placeholder={t('auth.login.emailPlaceholder')}
      type="email"
      autoComplete="email"
      size="md"
      leftSection={<IconMail size={18} stroke={1.6} />}
      name="email"
      {...props}
    />
  );
};
