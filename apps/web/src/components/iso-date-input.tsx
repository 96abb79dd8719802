import { TextInput, type TextInputProps } from '@mantine/core';

/** Digits typed are shaped as YYYY-MM-DD (hyphens added, anything else dropped). */
export const shapeIsoDate = (typed: string) => {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8)].filter(Boolean).join('-');
};

type TIsoDateInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
};

/**
 * A date typed as YYYY-MM-DD (spec §9), whatever the browser's locale: a native date input
 * would show mm/dd/yyyy in an English browser. The value is what was typed; callers use it once
 * complete (`isoDay`).
 */
export const IsoDateInput = ({ value, onChange, ...props }: TIsoDateInputProps) => (
  <TextInput
    {...props}
    value={value}
    onChange={(event) => onChange(shapeIsoDate(event.currentTarget.value))}
    placeholder="YYYY-MM-DD"
    inputMode="numeric"
    maxLength={10}
    autoComplete="off"
  />
);
