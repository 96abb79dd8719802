import { Button, Center, PinInput, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type TOtpCodeInputProps = {
  value: string;
  onChange: (value: string) => void;
  onComplete: (value: string) => void;
  error?: boolean;
  disabled?: boolean;
};

/** The 6-digit code (PinInput): digits only, one-time-code autofill, submits when complete. */
export const OtpCodeInput = ({
  value,
  onChange,
  onComplete,
  error,
  disabled,
}: TOtpCodeInputProps) => {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  // After a refused code the boxes are emptied: start again from the first one.
  useEffect(() => {
    if (error && value === '') rootRef.current?.querySelector('input')?.focus();
  }, [error, value]);
  return (
    <Stack gap={6}>
      <Text fz="sm" fw={500} ta="center">
        {t('auth.otp.codeLabel')}
      </Text>
      <Center>
        <PinInput
          length={6}
          type="number"
          inputMode="numeric"
          oneTimeCode
          size="lg"
          gap="sm"
          autoFocus
          value={value}
          onChange={onChange}
          onComplete={onComplete}
          error={error}
          disabled={disabled}
          ariaLabel={t('auth.otp.codeLabel')}
          rootRef={rootRef}
          data-testid="otp-input"
        />
      </Center>
    </Stack>
  );
};

/** The code typed on an OTP page, and whether it can be sent now (6 digits, none in flight). */
export const useOtpCode = (pending: boolean) => {
  const [code, setCode] = useState('');
  return {
    code,
    setCode,
    pending,
    ready: (otp: string) => /^\d{6}$/.test(otp) && !pending,
    /** After a refused code: empty the boxes (the first one takes the focus). */
    clear: () => setCode(''),
  };
};

type TOtpCodeFormProps = {
  entry: ReturnType<typeof useOtpCode>;
  /** Runs on submit and as soon as the sixth digit is typed. */
  onSubmit: (code: string) => void;
  /** The code was refused (the boxes turn red). */
  error: boolean;
  /** No code can be entered any more (e.g. the challenge is used up). */
  blocked?: boolean;
  submitLabel: string;
  submitTestId: string;
};

/** The code step of an OTP page: the 6 boxes, the expiry hint and the submit button. */
export const OtpCodeForm = ({
  entry: { code, setCode, pending },
  onSubmit,
  error,
  blocked = false,
  submitLabel,
  submitTestId,
}: TOtpCodeFormProps) => {
  const { t } = useTranslation();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(code);
      }}
    >
      <Stack gap="lg">
        <OtpCodeInput
          value={code}
          onChange={setCode}
          onComplete={onSubmit}
          error={error}
          disabled={pending || blocked}
        />
        <Text fz="xs" c="dimmed" ta="center">
          {t('auth.otp.expiresHint')}
        </Text>
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={pending}
          disabled={code.length !== 6 || blocked}
          data-testid={submitTestId}
        >
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
};
