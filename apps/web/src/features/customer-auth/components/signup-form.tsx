import { type CustomerSession, customerMessages } from '@tableserve/contract/customer';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { TextField } from '@/components/ui/field';
import { PasswordField } from '@/features/auth/components/password-field';
import { readCurrentRestaurantId } from '@/features/diner/lib/current-restaurant';
import { signupCustomer } from '../api/customer-auth';
import { useFormState } from '../hooks/use-form-state';
import { useSingleFlight } from '../hooks/use-single-flight';
import { checkSignup, type SignupForm as SignupValues } from '../lib/customer-forms';
import { serverFieldErrors, signupFailureMessage } from '../lib/failure-messages';
import { useNotices } from '../lib/notify';
import { PhoneField } from './phone-field';
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

/** Create an Account (customer-side §5 Signup; §8 texts). A new account is signed in at once. */
export function SignupForm({ onSuccess, restaurantId }: SignupFormProps) {
  const { values, errors, setErrors, set, bind } = useFormState(emptyForm);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const { busy, run } = useSingleFlight();
  const notices = useNotices();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      notices.clear();
      const check = checkSignup(values, termsAccepted, restaurantId ?? readCurrentRestaurantId());
      if (check.kind === 'fields') return setErrors(check.fieldErrors);
      if (check.kind === 'message') return notices.error(check.message);
      try {
        const { data } = await signupCustomer(check.value);
        notices.success(customerMessages.signupSuccess);
        onSuccess?.(data);
      } catch (error) {
        setErrors(serverFieldErrors(error));
        notices.error(signupFailureMessage(error));
      }
    });
  }

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
