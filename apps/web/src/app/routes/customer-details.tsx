import { CheckoutPage } from '@/features/checkout/components/checkout-page';

export function Component() {
  return (
    <>
      <title>Checkout · TableServe</title>
      <CheckoutPage />
    </>
  );
}
