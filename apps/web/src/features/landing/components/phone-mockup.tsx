import { BellRing, Flame, IceCreamCone, type LucideIcon, Pizza, Plus, Salad, Soup } from 'lucide-react';
import { QrPattern } from './qr-pattern';

type MockDish = { name: string; note: string; price: string; icon: LucideIcon; tile: string };

const dishes: MockDish[] = [
  {
    name: 'Margherita pizza',
    note: 'San Marzano, fior di latte',
    price: '$14.00',
    icon: Pizza,
    tile: 'bg-orange-100 text-orange-600',
  },
  {
    name: 'Garden salad',
    note: 'Feta, olives, lemon',
    price: '$9.50',
    icon: Salad,
    tile: 'bg-emerald-100 text-emerald-700',
  },
  {
    name: 'Lemon sorbet',
    note: 'Two scoops, fresh mint',
    price: '$6.00',
    icon: IceCreamCone,
    tile: 'bg-pink-100 text-pink-600',
  },
];

const categories = ['All', 'Starters', 'Mains', 'Desserts'];

function MenuScreen() {
  return (
    <div className="relative h-[540px] overflow-hidden rounded-[2.1rem] bg-stone-50 md:h-[580px]">
      <div className="bg-gradient-to-br from-brand-500 to-brand-700 px-5 pt-4 pb-5 text-white">
        <div className="flex items-center justify-between text-[10px] font-semibold">
          <span>9:41</span>
          <span className="h-4 w-16 rounded-full bg-stone-900" />
          <span className="flex gap-0.5">
            <span className="h-2 w-1 rounded-sm bg-white/90" />
            <span className="h-2 w-1 rounded-sm bg-white/90" />
            <span className="h-2 w-1 rounded-sm bg-white/50" />
          </span>
        </div>
        <p className="mt-5 text-lg font-bold">Casa Paprika</p>
        <p className="text-[11px] text-white/85">Mediterranean · Austin, TX</p>
        <span className="mt-3 inline-flex rounded-full bg-white px-2.5 py-1 text-[10px] font-semibold text-brand-700">
          Table 7 · Dine-in
        </span>
      </div>

      <div className="flex gap-1.5 px-4 pt-4">
        {categories.map((category, index) => (
          <span
            key={category}
            className={
              index === 0
                ? 'rounded-full bg-stone-900 px-3 py-1 text-[10px] font-semibold text-white'
                : 'rounded-full border border-stone-200 bg-white px-3 py-1 text-[10px] font-medium text-stone-600'
            }
          >
            {category}
          </span>
        ))}
      </div>

      <div className="mx-4 mt-4 rounded-2xl border border-amber-200 bg-amber-50 p-3">
        <span className="inline-flex items-center gap-1 text-[10px] font-semibold text-amber-800">
          <Flame className="size-3" /> Today&apos;s Special
        </span>
        <div className="mt-2 flex items-center gap-2.5">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-amber-300 to-brand-500 text-white">
            <Soup className="size-6" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block text-[13px] font-semibold text-stone-900">Tomato soup</span>
            <span className="block truncate text-[11px] text-stone-500">Basil oil, sourdough</span>
            <span className="mt-0.5 block text-[12px] font-semibold text-stone-800">$8.50</span>
          </span>
          <span className="flex items-center gap-1.5 rounded-full bg-white p-0.5 text-[11px] font-semibold text-stone-800 shadow-sm">
            <span className="flex size-5 items-center justify-center rounded-full bg-stone-100">–</span>1
            <span className="flex size-5 items-center justify-center rounded-full bg-brand-600 text-white">
              +
            </span>
          </span>
        </div>
      </div>

      <ul className="mt-3 space-y-2 px-4">
        {dishes.map((dish) => (
          <li key={dish.name} className="flex items-center gap-2.5 rounded-2xl bg-white p-2.5 shadow-card">
            <span className={`flex size-12 items-center justify-center rounded-xl ${dish.tile}`}>
              <dish.icon className="size-6" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-[13px] font-semibold text-stone-900">{dish.name}</span>
              <span className="block truncate text-[11px] text-stone-500">{dish.note}</span>
              <span className="mt-0.5 block text-[12px] font-semibold text-stone-800">{dish.price}</span>
            </span>
            <span className="flex size-7 items-center justify-center rounded-full bg-brand-600 text-white">
              <Plus className="size-4" />
            </span>
          </li>
        ))}
      </ul>

      <div className="absolute inset-x-3 bottom-3 flex items-center gap-3 rounded-2xl bg-brand-600 px-4 py-3 text-white shadow-raised">
        <span className="rounded-md bg-white/20 px-2 py-0.5 text-[11px] font-semibold">3</span>
        <span className="flex-1 text-[13px] font-semibold">View cart</span>
        <span className="text-[13px] font-semibold">$32.00</span>
      </div>
    </div>
  );
}

/**
 * The hero illustration: a phone showing a restaurant's menu, a QR table card and a live
 * status notice. Pure markup, so it is sharp at any size and costs no image download.
 */
export function PhoneMockup() {
  return (
    <div
      role="img"
      aria-label="A diner's phone showing a restaurant menu with a cart, next to a table QR code and an order-ready notice"
      className="relative mx-auto w-full max-w-[520px] py-6"
    >
      <div
        aria-hidden="true"
        className="absolute inset-x-6 top-16 bottom-10 rounded-[3rem] bg-brand-200/60 blur-3xl"
      />

      <div className="relative mx-auto w-[288px] rounded-[2.6rem] bg-stone-900 p-2 shadow-raised ring-1 ring-stone-900/10 md:w-[304px]">
        <MenuScreen />
      </div>

      <div className="absolute top-[13.5rem] left-0 hidden w-52 rounded-2xl lg:-left-6 sm:block bg-white p-3 shadow-raised ring-1 ring-stone-900/5 md:top-[14.5rem]">
        <div className="flex items-center gap-2.5">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
            <BellRing className="size-4.5" />
          </span>
          <span>
            <span className="block text-[11px] text-stone-500">Order #1042 · Table 7</span>
            <span className="block text-[13px] font-semibold text-stone-900">Your order is ready</span>
          </span>
        </div>
      </div>

      <div className="absolute top-20 right-0 flex items-center gap-3 rounded-2xl bg-white p-2.5 shadow-raised ring-1 ring-stone-900/5 sm:w-48 sm:p-3">
        <QrPattern className="size-12 shrink-0 sm:size-16" />
        <span>
          <span className="block text-[13px] font-semibold text-stone-900">Table 7</span>
          <span className="block text-[11px] text-stone-500">
            <span className="sm:hidden">Scan to order</span>
            <span className="hidden sm:inline">Scan to see the menu and order</span>
          </span>
        </span>
      </div>
    </div>
  );
}
