import {
  BellRing,
  ChartColumn,
  ChefHat,
  Code,
  HandPlatter,
  type LucideIcon,
  QrCode,
  Receipt,
  ShoppingBag,
  Smartphone,
} from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';

const capabilities: Array<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: QrCode,
    title: 'QR menus',
    text: 'Each restaurant gets a QR code that opens its menu, with photos, categories and specials.',
  },
  {
    icon: ShoppingBag,
    title: 'Ordering',
    text: 'Diners order for their table or for pickup, signed in or as a guest.',
  },
  {
    icon: BellRing,
    title: 'Live status',
    text: 'Every order shows its status as the staff moves it along, from pending to completed.',
  },
  {
    icon: ChefHat,
    title: 'Kitchen',
    text: 'A kitchen view receives new orders in real time, ready to approve and prepare.',
  },
  {
    icon: ChartColumn,
    title: 'Sales',
    text: 'Daily sales and order counts per business day, ready when the last table leaves.',
  },
];

const beliefs: Array<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: Smartphone,
    title: 'No app for guests',
    text: 'A diner should be able to order with the camera they already have. Nothing to install, no account needed.',
  },
  {
    icon: HandPlatter,
    title: 'Hospitality first',
    text: 'Technology should give staff more time at the table, not put a screen between them and the guest.',
  },
  {
    icon: Receipt,
    title: 'Fair, flat pricing',
    text: 'One monthly price per plan. No commission on orders, no setup fee.',
  },
  {
    icon: Code,
    title: 'Open source',
    text: 'TableServe is open source: use our hosted service, or run it on your own server.',
  },
];

export function AboutContent() {
  return (
    <>
      <section aria-labelledby="about-what" className="mx-auto max-w-6xl px-5 py-14 md:px-8 md:py-20">
        <div className="grid gap-10 lg:grid-cols-[2fr_3fr] lg:gap-16">
          <div>
            <h2 id="about-what" className="text-3xl font-bold tracking-tight">
              What TableServe is
            </h2>
            <div className="mt-5 space-y-4 text-[17px] leading-8 text-stone-700">
              <p>
                TableServe is a restaurant table service application. It connects the people at your tables
                with the people in your kitchen, using the phones your guests already carry.
              </p>
              <p>
                Restaurant owners create their restaurant, build the menu and print a QR code. Diners scan it,
                order, and follow their order live. The team approves orders, cooks them and marks them ready,
                and at the end of the day the sales are already added up.
              </p>
            </div>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2">
            {capabilities.map((item, index) => (
              // Five cards in two columns: the last one spans the row instead of standing alone.
              <li
                key={item.title}
                className={index === capabilities.length - 1 ? 'sm:col-span-2' : undefined}
              >
                <Card className="flex h-full gap-4 p-5">
                  <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <item.icon className="size-5" aria-hidden />
                  </span>
                  <span>
                    <span className="block font-semibold text-stone-900">{item.title}</span>
                    <span className="mt-1 block text-[15px] leading-6 text-stone-600">{item.text}</span>
                  </span>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="about-beliefs" className="border-y border-stone-200/80 bg-white">
        <div className="mx-auto max-w-6xl px-5 py-14 md:px-8 md:py-20">
          <h2 id="about-beliefs" className="text-3xl font-bold tracking-tight">
            What we believe
          </h2>
          <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
            {beliefs.map((belief) => (
              <li key={belief.title}>
                <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                  <belief.icon className="size-6" aria-hidden />
                </span>
                <h3 className="mt-5 text-lg font-semibold">{belief.title}</h3>
                <p className="mt-2 leading-7 text-stone-600">{belief.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="about-next" className="mx-auto max-w-6xl px-5 py-14 md:px-8 md:py-20">
        <Card className="flex flex-col items-start gap-6 p-8 md:flex-row md:items-center md:justify-between md:p-10">
          <div>
            <h2 id="about-next" className="text-2xl font-bold tracking-tight">
              Want to see it in your restaurant?
            </h2>
            <p className="mt-2 text-stone-600">Create an account in minutes, or ask us anything first.</p>
          </div>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Link to={paths.register} className={buttonClasses({ size: 'lg' })}>
              Get Started
            </Link>
            <Link to={paths.contact} className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
              Contact us
            </Link>
          </div>
        </Card>
      </section>
    </>
  );
}
