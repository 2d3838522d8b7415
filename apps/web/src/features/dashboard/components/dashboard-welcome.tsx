import { ArrowRight, Check, CreditCard, QrCode } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { dashboardPaths } from '../lib/dashboard-nav';

const setupSteps = [
  { title: 'Choose your plan', detail: 'Your TableServe subscription is set up.' },
  { title: 'Create your restaurant', detail: 'Name, address, tables and opening hours.' },
  { title: 'Add your menu and print your QR code', detail: 'Diners scan it at the table to order.' },
];

/** The dashboard's index once the restaurant exists: a welcome and the owner's next step. */
export function DashboardWelcome() {
  const doneSteps = 2;
  return (
    <Card className="overflow-hidden">
      <div className="border-b border-stone-100 bg-gradient-to-br from-brand-50 via-white to-white px-6 py-7 md:px-8 md:py-9">
        <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Dashboard</p>
        <h1 className="mt-2 text-2xl font-bold tracking-tight md:text-3xl">Welcome to TableServe</h1>
        <p className="mt-2 max-w-xl text-[0.9375rem] leading-7 text-stone-600">
          Your restaurant is set up. Add your dishes in Menu Management, then print the QR code for your
          tables: diners scan it to order.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to={dashboardPaths.menuManagement} className={buttonClasses({ size: 'lg' })}>
            Open Menu Management
            <ArrowRight className="size-4" aria-hidden />
          </Link>
          <Link
            to={dashboardPaths.generateQrCode}
            className={buttonClasses({ variant: 'secondary', size: 'lg' })}
          >
            <QrCode className="size-4" aria-hidden />
            Generate Qr Code
          </Link>
          <Link
            to={paths.subscriptionDetails}
            className={buttonClasses({ variant: 'secondary', size: 'lg' })}
          >
            <CreditCard className="size-4" aria-hidden />
            Subscription Details
          </Link>
        </div>
      </div>
      <ol className="grid gap-px bg-stone-100 md:grid-cols-3">
        {setupSteps.map((step, index) => {
          const done = index < doneSteps;
          const current = index === doneSteps;
          return (
            <li key={step.title} className="flex gap-3 bg-white px-6 py-5 md:px-7">
              <span
                className={cn(
                  'grid size-7 shrink-0 place-items-center rounded-full text-sm font-semibold',
                  done && 'bg-emerald-600 text-white',
                  current && 'bg-brand-600 text-white',
                  !done && !current && 'bg-stone-100 text-stone-500',
                )}
              >
                {done ? <Check className="size-4" strokeWidth={3} aria-label="Done" /> : index + 1}
              </span>
              <div>
                <p className={cn('text-sm font-semibold', done ? 'text-stone-500' : 'text-stone-900')}>
                  {step.title}
                </p>
                <p className="mt-0.5 text-sm text-stone-500">{step.detail}</p>
              </div>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
