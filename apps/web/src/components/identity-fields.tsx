import { Alert, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconId, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';

export type TIdentityValues = { fullName: string; nik: string };

type TIdentityFieldsProps = {
  form: UseFormReturnType<TIdentityValues>;
  /** Each field's translated label and test id; the NIK's hint shows while it can be edited. */
  name: { label: string; testId: string; autoComplete?: string };
  nik: { label: string; testId: string; hint: string };
  /** The save's error: shown here unless it names the fields (the form shows those). */
  error: unknown;
  /** Shown, not editable (the certificate is issued). */
  readOnly?: boolean;
};

/** The signer's full legal name and NIK (account identity form and first-signature dialog). */
export const IdentityFields = (props: TIdentityFieldsProps) => {
  const { form, name, nik, error, readOnly = false } = props;
  const { t } = useTranslation();
  const fieldErrors = error ? fieldErrorsOf(error, ['fullName', 'nik']) : {};
  return (
    <>
      <TextInput
        label={name.label}
        leftSection={<IconUser size={18} stroke={1.6} />}
        readOnly={readOnly}
        withAsterisk={!readOnly}
        autoComplete={name.autoComplete}
        {...form.getInputProps('fullName')}
        data-testid={name.testId}
      />
      <TextInput
        label={nik.label}
        description={readOnly ? undefined : nik.hint}
        leftSection={<IconId size={18} stroke={1.6} />}
        inputMode="numeric"
        readOnly={readOnly}
        withAsterisk={!readOnly}
        {...form.getInputProps('nik')}
        data-testid={nik.testId}
      />
      {error && Object.keys(fieldErrors).length === 0 ? (
        <Alert color="red" variant="light" role="alert">
          {serverMessage(error, t)}
        </Alert>
      ) : null}
    </>
  );
};
