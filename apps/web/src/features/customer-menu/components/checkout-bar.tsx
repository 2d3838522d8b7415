import { ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatDollars } from '@/lib/money';

/** The bar's height, kept free at the bottom of the page and under the floating cart. */
export const CHECKOUT_BAR_CLEARANCE_PX = 88;

type CheckoutBarProps = {
  count: number;
  subtotal: number;
  onCheckout: () => void;
};

/** Total and Checkout, pinned to the bottom while the cart has something in it (docs/product/ordering.md#cart). */
export function CheckoutBar({ count, subtotal, onCheckout }: CheckoutBarProps) {
  return (
    <section
      aria-label="Order total"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-8px_24px_rgb(28_25_23/0.08)] backdrop-blur-md"
    >
      <div className="mx-auto flex h-19 max-w-6xl items-center justify-between gap-4 px-4 md:px-8">
        <div>
          <p className="text-xs font-medium tracking-wide text-stone-500 uppercase">
            Total <span className="normal-case">· {count === 1 ? '1 item' : `${count} items`}</span>
          </p>
          <p className="text-xl font-bold text-stone-900 tabular-nums">{formatDollars(subtotal)}</p>
        </div>
        <Button size="lg" onClick={onCheckout} className="rounded-full px-7">
          Checkout
          <ArrowRight className="size-5" aria-hidden />
        </Button>
      </div>
    </section>
  );
}
