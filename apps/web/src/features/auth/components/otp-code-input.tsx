import { Center, PinInput, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
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
