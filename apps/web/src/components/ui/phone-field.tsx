import { PHONE_DIGITS, phoneDigits } from '@tableserve/contract/fields';
import { TextField, type TextFieldProps } from './field';

type PhoneFieldProps = Omit<TextFieldProps, 'type' | 'onChange' | 'value' | 'label'> & {
  value: string;
  onValueChange: (digits: string) => void;
  label?: string;
};

/**
 * A 10-digit phone input (docs/product/accounts.md#owner-register, docs/product/accounts.md#phone-numbers): whatever is typed or
 * pasted keeps its digits only, at most 10. No maxlength, which would cut a pasted
 * '(555) 123-4567' before the digits are kept.
 */
export function PhoneField({
  value,
  onValueChange,
  label = 'Phone number',
  name = 'phone_number',
  ...rest
}: PhoneFieldProps) {
  return (
    <TextField
      {...rest}
      label={label}
      type="tel"
      name={name}
      autoComplete="tel-national"
      inputMode="numeric"
      pattern={`\\d{${PHONE_DIGITS}}`}
      title={`Enter a ${PHONE_DIGITS}-digit phone number`}
      hint={`${PHONE_DIGITS} digits, numbers only`}
      value={value}
      onChange={(event) => onValueChange(phoneDigits(event.target.value))}
    />
  );
}
