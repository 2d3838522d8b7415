import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function GetStartedBand() {
  return (
    <section aria-labelledby="get-started-heading" className="px-5 pb-16 md:px-8 md:pb-24">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 to-brand-800 px-6 py-14 text-center shadow-raised md:px-12 md:py-16">
        <div
          aria-hidden="true"
          className="absolute -top-24 -right-24 size-72 rounded-full border-[40px] border-white/5"
        />
        <div aria-hidden="true" className="absolute -bottom-28 -left-20 size-72 rounded-full bg-white/5" />
        <h2
          id="get-started-heading"
          className="relative text-3xl font-bold tracking-tight text-white md:text-4xl"
        >
          Ready to take orders from every table?
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-lg leading-8 text-brand-50">
          Create your account, set up your menu and print your first QR codes today.
        </p>
        <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to={paths.register}
            className="inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-white px-7 text-base font-semibold text-brand-700 shadow-sm transition-colors hover:bg-brand-50 focus-visible:outline-white"
          >
            Get Started
            <ArrowRight className="size-5" aria-hidden />
          </Link>
          <Link
            to={paths.contact}
            className="inline-flex min-h-12 items-center justify-center rounded-xl border border-white/40 px-7 text-base font-semibold text-white transition-colors hover:bg-white/10 focus-visible:outline-white"
          >
            Talk to us
          </Link>
        </div>
      </div>
    </section>
  );
}
