import { ArrowRight, Check, Search } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { InPageLink } from '@/components/ui/in-page-link';
import { paths } from '@/config/paths';
import { PhoneMockup } from './phone-mockup';
import { SEARCH_SECTION_ID } from './search-section';

const promises = ['No app for guests to install', 'Dine-in and pickup', 'Live order status'];

export function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-b from-brand-50 via-brand-50/40 to-stone-50"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(var(--color-brand-200)_1px,transparent_1px)] [mask-image:linear-gradient(to_bottom,black,transparent_70%)] bg-size-[22px_22px] opacity-60"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-8 px-5 pt-10 pb-14 md:px-8 md:pt-16 md:pb-20 lg:grid-cols-[1.1fr_1fr] lg:gap-12 lg:pt-20 lg:pb-24">
        <div className="max-w-2xl">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-3 py-1.5 text-sm font-medium text-brand-800 shadow-xs">
            <span className="size-2 rounded-full bg-brand-500" aria-hidden="true" />
            QR table ordering for restaurants
          </p>
          <h1
            id="hero-heading"
            className="mt-6 text-4xl leading-[1.1] font-bold tracking-tight md:text-5xl lg:text-6xl"
          >
            Your menu on every table. <span className="text-brand-600">Orders straight to the kitchen.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-stone-600 md:text-xl md:leading-9">
            Guests scan a QR code, order from their own phone and watch their order come to life. You run the
            menu, the kitchen and the day&apos;s sales from one calm dashboard.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={paths.register} className={buttonClasses({ size: 'lg', className: 'px-7' })}>
              Get Started
              <ArrowRight className="size-5" aria-hidden />
            </Link>
            <InPageLink targetId="features" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
              See how it works
            </InPageLink>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-stone-700">
            {promises.map((promise) => (
              <li key={promise} className="inline-flex items-center gap-2">
                <Check className="size-4 text-brand-600" aria-hidden />
                {promise}
              </li>
            ))}
          </ul>
          <p className="mt-5 flex flex-wrap items-center gap-x-1.5 text-sm text-stone-600">
            Hungry?
            <InPageLink
              targetId={SEARCH_SECTION_ID}
              className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              <Search className="size-4" aria-hidden />
              Find a restaurant&apos;s menu
            </InPageLink>
          </p>
        </div>
        <PhoneMockup />
      </div>
    </section>
  );
}
