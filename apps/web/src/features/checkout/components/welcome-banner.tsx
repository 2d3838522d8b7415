import { UserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { type CustomerData, clearCustomerSession } from '@/session/diner/customer-session';

type WelcomeBannerProps = {
  customer: CustomerData;
  /** Moves focus here, e.g. right after signing in, so the new form is announced and in view. */
  takeFocus?: boolean;
};

/** 'Welcome, {name}' once the diner is logged in or a guest (docs/product/ordering.md#checkout). */
export function WelcomeBanner({ customer, takeFocus }: WelcomeBannerProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);

  return (
    <div className="flex items-center gap-3.5">
      <span
        aria-hidden
        className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand-50 text-brand-700"
      >
        <UserRound className="size-6" />
      </span>
      <div className="min-w-0 flex-1">
        <h2
          ref={heading}
          tabIndex={-1}
          className="text-lg leading-snug font-semibold break-words focus:outline-none"
        >
          Welcome, {customer.customer_name}
        </h2>
        <p className="truncate text-sm text-stone-500">
          {customer.is_guest ? 'Ordering as a guest' : customer.email}
        </p>
      </div>
      <button
        type="button"
        onClick={clearCustomerSession}
        className="inline-flex min-h-11 shrink-0 items-center rounded-lg px-2 text-sm font-semibold text-stone-600 hover:bg-stone-100 hover:text-stone-900"
      >
        Not you?
      </button>
    </div>
  );
}
