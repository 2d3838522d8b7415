import type { CustomerSession } from '@tableserve/contract/customer';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { TextField } from '@/components/ui/field';
import { PhoneField } from '@/components/ui/phone-field';
import { readCurrentRestaurantId } from '@/session/diner/current-restaurant';
import { continueAsGuest } from '../api/customer-auth';
import { useCheckedSubmit } from '../hooks/use-checked-submit';
import { useFormState } from '../hooks/use-form-state';
import { checkGuest } from '../lib/customer-forms';
import { serverFieldErrors, signupFailureMessage } from '../lib/failure-messages';
import { TermsAgreement } from './terms-agreement';

type GuestFormProps = {
  onSuccess?: (customer: CustomerSession) => void;
  restaurantId?: number | null;
};

/** Login as Guest (docs/product/accounts.md#diner-accounts: email, name and phone required, terms accepted). */
export function GuestForm({ onSuccess, restaurantId }: GuestFormProps) {
  const { values, errors, setErrors, set, bind } = useFormState({
    email: '',
    customer_name: '',
    phone_number: '',
  });
  const [termsAccepted, setTermsAccepted] = useState(false);
  const { busy, submit } = useCheckedSubmit({
    check: () => checkGuest(values, termsAccepted, restaurantId ?? readCurrentRestaurantId()),
    send: continueAsGuest,
    successNotice: (response) => response.message,
    onSent: (response) => onSuccess?.(response.data),
    failureMessage: signupFailureMessage,
    setErrors,
    serverFieldErrors,
  });

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
