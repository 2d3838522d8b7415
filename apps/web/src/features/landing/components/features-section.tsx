import {
  BellRing,
  ChartColumn,
  ChefHat,
  NotebookPen,
  Printer,
  QrCode,
  ShoppingBag,
  Store,
} from 'lucide-react';
import { Card } from '@/components/ui/card';
import { SectionHeading } from './section-heading';

const features = [
  {
    icon: QrCode,
    title: 'A QR menu on every table',
    text: "Guests scan and see your full menu with photos, categories and today's specials. Nothing to download.",
  },
  {
    icon: ShoppingBag,
    title: 'Dine-in and pickup orders',
    text: 'Guests order for their table or for pickup, as a member or a guest, and checkout takes a minute.',
  },
  {
    icon: BellRing,
    title: 'Live order status',
    text: 'Pending, approved, ready, completed: guests see each step the moment your team takes it.',
  },
  {
    icon: ChefHat,
    title: 'A kitchen view that keeps up',
    text: 'New orders arrive in real time. Approve, prepare and mark them ready from one screen at the pass.',
  },
  {
    icon: NotebookPen,
    title: 'Menu changes in seconds',
    text: 'Add dishes, prices and photos, mark an item unavailable when it sells out, feature a special.',
  },
  {
    icon: ChartColumn,
    title: 'Sales at a glance',
    text: 'Daily totals and order counts per business day, even when you close after midnight.',
  },
];

const steps = [
  {
    icon: Store,
    title: 'Create your restaurant',
    text: 'Add your details, opening hours and menu in three steps.',
  },
  { icon: Printer, title: 'Print your QR codes', text: 'One code opens your menu; put it on every table.' },
  { icon: BellRing, title: 'Take orders', text: 'Orders land on your dashboard and kitchen view live.' },
];

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-heading" className="scroll-mt-20">
      <div className="mx-auto max-w-6xl px-5 py-16 md:px-8 md:py-24">
        <SectionHeading
          id="features-heading"
          eyebrow="Features"
          title="Everything between the table and the kitchen"
          lead="One system for your menu, your guests' orders and your kitchen. Guests use their own phones; your team uses any browser."
        />
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 md:mt-16 lg:grid-cols-3 lg:gap-6">
          {features.map((feature) => (
            <li key={feature.title}>
              {/* Icon beside the text on phones keeps six cards from becoming a long scroll. */}
              <Card className="flex h-full gap-4 p-5 sm:block sm:p-6 md:p-7">
                <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                  <feature.icon className="size-6" aria-hidden />
                </span>
                <div>
                  <h3 className="text-lg font-semibold sm:mt-5">{feature.title}</h3>
                  <p className="mt-1.5 leading-7 text-stone-600 sm:mt-2">{feature.text}</p>
                </div>
              </Card>
            </li>
          ))}
        </ul>

        <div className="mt-16 rounded-3xl border border-stone-200/80 bg-white p-6 shadow-card md:mt-20 md:p-10">
          <h3 className="text-center text-2xl font-bold tracking-tight">Up and running in an afternoon</h3>
          <ol className="mt-8 grid gap-8 md:grid-cols-3 md:gap-6">
            {steps.map((step, index) => (
              <li key={step.title} className="flex gap-4 md:flex-col md:items-center md:text-center">
                <span className="relative flex size-14 shrink-0 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-card">
                  <step.icon className="size-6" aria-hidden />
                  <span className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full bg-stone-900 text-xs font-bold text-white">
                    {index + 1}
                  </span>
                </span>
                <span>
                  <span className="block font-semibold text-stone-900 md:mt-4">{step.title}</span>
                  <span className="mt-1 block text-[15px] leading-6 text-stone-600">{step.text}</span>
                </span>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
