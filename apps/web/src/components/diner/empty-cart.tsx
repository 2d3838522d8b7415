import { cartMessages } from '@tableserve/contract/cart';
import { ArrowLeft, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';

type EmptyCartProps = {
  menuHref: string;
  /** Set when the diner pressed Checkout on a cart that had just emptied (e.g. its hour ran out). */
  checkoutError?: string | null;
};

/** docs/product/ordering.md#cart: 'Your cart is empty' and a Back to Menu button. */
export function EmptyCart({ menuHref, checkoutError }: EmptyCartProps) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center px-6 py-16 text-center">
      {checkoutError && (
        <Alert type="error" className="mb-8 w-full text-left">
          {checkoutError}
        </Alert>
      )}
      <span className="flex size-20 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-8 ring-brand-50/50">
        <ShoppingBag className="size-9" strokeWidth={1.75} aria-hidden />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight">{cartMessages.emptyCart}</h1>
      <p className="mt-2 text-base text-stone-600">
        Pick something delicious from the menu and it will show up here.
      </p>
      <Link to={menuHref} className={buttonClasses({ size: 'lg', className: 'mt-8 rounded-full px-7' })}>
        <ArrowLeft className="size-5" aria-hidden />
        {cartMessages.backToMenu}
      </Link>
    </main>
  );
}
