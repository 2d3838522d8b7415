import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { type PricingPlan, pricingPlans } from './pricing-plans';
import { SectionHeading } from './section-heading';

function PlanCard({ plan }: { plan: PricingPlan }) {
  const headingId = `plan-${plan.name.toLowerCase()}`;
  return (
    <Card
      aria-labelledby={headingId}
      role="group"
      className={cn(
        'relative flex h-full flex-col p-7 md:p-8',
        plan.popular && 'border-transparent shadow-raised ring-2 ring-brand-600',
      )}
    >
      {plan.popular && (
        <span className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3.5 py-1 text-xs font-semibold tracking-wide whitespace-nowrap text-white">
          Most popular
        </span>
      )}
      <h3 id={headingId} className="text-lg font-semibold">
        {plan.name}
      </h3>
      <p className="mt-2 text-sm leading-6 text-stone-600">{plan.tagline}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-5xl font-bold tracking-tight text-stone-900">${plan.monthlyPrice}</span>
        <span className="text-base font-medium text-stone-600">/month</span>
      </p>
      <Link
        to={paths.register}
        // Three "Get Started" links side by side: the label says which plan each one starts.
        aria-label={`Get Started with ${plan.name}`}
        className={buttonClasses({
          variant: plan.popular ? 'primary' : 'secondary',
          size: 'lg',
          className: 'mt-7 w-full',
        })}
      >
        Get Started
      </Link>
      <ul className="mt-8 space-y-3.5 border-t border-stone-200 pt-7 text-[15px] text-stone-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <Check className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function PricingSection() {
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-heading"
      className="scroll-mt-20 border-y border-stone-200/80 bg-white"
    >
      <div className="mx-auto max-w-6xl px-5 py-16 md:px-8 md:py-24">
        <SectionHeading
          id="pricing-heading"
          eyebrow="Pricing"
          title="Simple monthly plans"
          lead="Every plan includes QR menus, table and pickup ordering and live order status. No setup fee and no commission on your orders."
        />
        <ul className="mx-auto mt-14 grid max-w-md gap-8 md:mt-16 lg:max-w-none lg:grid-cols-3 lg:items-stretch lg:gap-6">
          {pricingPlans.map((plan) => (
            <li key={plan.name}>
              <PlanCard plan={plan} />
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center text-sm text-stone-600">
          Prices in US dollars, billed every month by card. Manage or cancel your plan from your dashboard.
        </p>
      </div>
    </section>
  );
}
