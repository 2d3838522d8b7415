import { TextField, type TextFieldProps } from './field';

/** An email input with the keyboard, autofill and spelling settings every email field wants. */
export function EmailField({
  label = 'Email',
  ...rest
}: Omit<TextFieldProps, 'label' | 'type'> & { label?: string }) {
  return (
    <TextField
      label={label}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      {...rest}
    />
  );
}
