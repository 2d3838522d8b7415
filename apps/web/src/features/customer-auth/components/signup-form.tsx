import { type CustomerSession, customerMessages } from '@tableserve/contract/customer';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { TextField } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import { PhoneField } from '@/components/ui/phone-field';
import { readCurrentRestaurantId } from '@/session/diner/current-restaurant';
import { signupCustomer } from '../api/customer-auth';
import { useCheckedSubmit } from '../hooks/use-checked-submit';
import { useFormState } from '../hooks/use-form-state';
import { checkSignup, type SignupForm as SignupValues } from '../lib/customer-forms';
import { serverFieldErrors, signupFailureMessage } from '../lib/failure-messages';
import { TermsAgreement } from './terms-agreement';

const emptyForm: SignupValues = {
  customer_name: '',
  email: '',
  phone_number: '',
  password: '',
  confirmPassword: '',
};

type SignupFormProps = {
  onSuccess?: (customer: CustomerSession) => void;
  /** The restaurant the account starts at; by default the one whose menu the diner opened. */
  restaurantId?: number | null;
};

/** Create an Account (docs/product/accounts.md#diner-accounts; docs/product/accounts.md#password-reset). A new account is signed in at once. */
export function SignupForm({ onSuccess, restaurantId }: SignupFormProps) {
  const { values, errors, setErrors, set, bind } = useFormState(emptyForm);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const { busy, submit } = useCheckedSubmit({
    check: () => checkSignup(values, termsAccepted, restaurantId ?? readCurrentRestaurantId()),
    send: signupCustomer,
    successNotice: () => customerMessages.signupSuccess,
    onSent: ({ data }) => onSuccess?.(data),
    failureMessage: signupFailureMessage,
    setErrors,
    serverFieldErrors,
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Create an Account" className="flex flex-col gap-4">
      <TextField label="Name" autoComplete="name" {...bind('customer_name')} />
      <EmailField {...bind('email')} />
      <PhoneField
        required
        value={values.phone_number}
        error={errors.phone_number}
        onValueChange={(digits) => set('phone_number', digits)}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint="At least 8 characters"
        {...bind('password')}
      />
      <PasswordField label="Confirm password" autoComplete="new-password" {...bind('confirmPassword')} />
      <TermsAgreement checked={termsAccepted} onChange={setTermsAccepted} />
      <Button type="submit" size="lg" busy={busy} className="mt-1 w-full">
        Create Account
      </Button>
    </form>
  );
}
