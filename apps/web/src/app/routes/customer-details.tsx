import { CheckoutPage } from '@/features/checkout/components/checkout-page';
import { CheckoutSignIn } from '@/features/customer-auth/components/checkout-sign-in';

/** /customer_details: the checkout, with customer-auth's sign-in for a diner not yet signed in. */
export function Component() {
  return (
    <>
      <title>Checkout · TableServe</title>
      <CheckoutPage SignIn={CheckoutSignIn} />
    </>
  );
}
