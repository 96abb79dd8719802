import type { UseFormReturnType } from '@mantine/form';

/**
 * A form field's input props with its `name` attribute (password managers and autofill read it):
 * `<TextInput {...namedField(form, 'email')} />`.
 */
export const namedField = <TValues extends Record<string, unknown>>(
  form: UseFormReturnType<TValues>,
  name: keyof TValues & string,
) => ({ ...form.getInputProps(name), name });
