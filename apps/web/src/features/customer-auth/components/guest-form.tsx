import type { CustomerSession } from '@tableserve/contract/customer';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { TextField } from '@/components/ui/field';
import { readCurrentRestaurantId } from '@/features/diner/lib/current-restaurant';
import { continueAsGuest } from '../api/customer-auth';
import { useFormState } from '../hooks/use-form-state';
import { useSingleFlight } from '../hooks/use-single-flight';
import { checkGuest } from '../lib/customer-forms';
import { serverFieldErrors, signupFailureMessage } from '../lib/failure-messages';
import { useNotices } from '../lib/notify';
import { PhoneField } from './phone-field';
import { TermsAgreement } from './terms-agreement';

type GuestFormProps = {
  onSuccess?: (customer: CustomerSession) => void;
  restaurantId?: number | null;
};

/** Login as Guest (customer-side §5 Guest login: email, name and phone required, terms accepted). */
export function GuestForm({ onSuccess, restaurantId }: GuestFormProps) {
  const { values, errors, setErrors, set, bind } = useFormState({
    email: '',
    customer_name: '',
    phone_number: '',
  });
  const [termsAccepted, setTermsAccepted] = useState(false);
  const { busy, run } = useSingleFlight();
  const notices = useNotices();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      notices.clear();
      const check = checkGuest(values, termsAccepted, restaurantId ?? readCurrentRestaurantId());
      if (check.kind === 'fields') return setErrors(check.fieldErrors);
      if (check.kind === 'message') return notices.error(check.message);
      try {
        const response = await continueAsGuest(check.value);
        notices.success(response.message);
        onSuccess?.(response.data);
      } catch (error) {
        setErrors(serverFieldErrors(error));
        notices.error(signupFailureMessage(error));
      }
    });
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Login as Guest" className="flex flex-col gap-4">
      <EmailField {...bind('email')} />
      <TextField label="Name" autoComplete="name" {...bind('customer_name')} />
      <PhoneField
        required
        value={values.phone_number}
        error={errors.phone_number}
        onValueChange={(digits) => set('phone_number', digits)}
      />
      <TermsAgreement checked={termsAccepted} onChange={setTermsAccepted} />
      <Button type="submit" size="lg" busy={busy} className="mt-1 w-full">
        Continue as Guest
      </Button>
    </form>
  );
}
