import type { Coupon, Plan } from '@tableserve/contract/subscription';
import { Check, RotateCcw, ShieldCheck } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { dollarsToCents, formatCents } from '@/lib/money';
import { couponDiscountLabel, discountedTotalCents } from '../lib/coupon';

/** The checkout's order summary: the plan, the coupon and what is paid today. */
export function OrderSummary({ plan, coupon }: { plan: Plan; coupon: Coupon | null }) {
  const priceCents = dollarsToCents(plan.price);
  const totalCents = discountedTotalCents(priceCents, coupon);
  return (
    <Card aria-labelledby="summary-heading" className="overflow-hidden">
      <div className="bg-stone-900 px-6 py-6 text-white md:px-8 md:py-7">
        <h2 id="summary-heading" className="text-sm font-medium text-stone-300">
          Subscribe to {plan.name}
        </h2>
        <p className="mt-2 flex items-baseline gap-2">
          <span className="text-4xl font-bold tracking-tight tabular-nums">{formatCents(totalCents)}</span>
          <span className="text-sm text-stone-300">due today</span>
        </p>
        <p className="mt-1 text-sm text-stone-400">
          Billed monthly · renews every {plan.plan_duration_days} days
        </p>
      </div>
      <div className="px-6 py-6 md:px-8">
        <dl className="space-y-3 text-sm">
          <div className="flex justify-between gap-4">
            <dt>
              <span className="font-semibold text-stone-900">{plan.name} plan</span>
              <span className="block text-stone-500">Monthly</span>
            </dt>
            <dd className="font-medium text-stone-900 tabular-nums">{formatCents(priceCents)}</dd>
          </div>
          {coupon && (
            <div className="flex justify-between gap-4 text-emerald-800">
              <dt>
                Coupon <span className="font-semibold">{coupon.id}</span> ({couponDiscountLabel(coupon)})
              </dt>
              <dd className="font-medium tabular-nums">−{formatCents(priceCents - totalCents)}</dd>
            </div>
          )}
          <div className="flex items-baseline justify-between gap-4 border-t border-stone-200 pt-3">
            <dt className="font-semibold text-stone-900">Total due today</dt>
            <dd className="text-lg font-bold text-stone-900 tabular-nums">{formatCents(totalCents)}</dd>
          </div>
        </dl>
        {/* On a phone the form matters more than the features, which the plans screen showed. */}
        {plan.features.length > 0 && (
          <ul className="mt-6 hidden space-y-2.5 border-t border-stone-100 pt-6 text-sm text-stone-700 lg:block">
            {plan.features.map((feature) => (
              <li key={feature} className="flex gap-2.5">
                <Check className="mt-0.5 size-4 shrink-0 text-brand-600" strokeWidth={2.6} aria-hidden />
                {feature}
              </li>
            ))}
          </ul>
        )}
        <ul className="mt-6 space-y-2 border-t border-stone-100 pt-6 text-sm text-stone-600">
          <li className="flex gap-2.5">
            <ShieldCheck className="size-4 shrink-0 text-stone-500" aria-hidden />
            Card details go straight to the payment provider, never to TableServe.
          </li>
          <li className="flex gap-2.5">
            <RotateCcw className="size-4 shrink-0 text-stone-500" aria-hidden />
            Cancel any time from day 5 of your subscription.
          </li>
        </ul>
      </div>
    </Card>
  );
}
