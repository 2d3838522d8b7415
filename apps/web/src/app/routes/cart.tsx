import { CartPage } from '@/features/cart/components/cart-page';

export function Component() {
  return (
    <>
      <title>Your cart · TableServe</title>
      <CartPage />
    </>
  );
}
