import type { BillingDetails } from '@tableserve/contract/subscription';

/** The billing fields of the payment screen (docs/product/subscriptions.md#payment). */
export type BillingForm = {
  name: string;
  email: string;
  line1: string;
  city: string;
  state: string;
  postal_code: string;
};

export const emptyBillingForm: BillingForm = {
  name: '',
  email: '',
  line1: '',
  city: '',
  state: '',
  postal_code: '',
};

/** Fields still blank after trimming; all six are required (docs/product/subscriptions.md#payment). */
export function blankBillingFields(form: BillingForm): Array<keyof BillingForm> {
  return (Object.keys(form) as Array<keyof BillingForm>).filter((field) => form[field].trim() === '');
}

export function toBillingDetails(form: BillingForm): BillingDetails {
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    address: {
      line1: form.line1.trim(),
      city: form.city.trim(),
      state: form.state.trim(),
      postal_code: form.postal_code.trim(),
    },
  };
}
