import { cartMessages } from '@tableserve/contract/cart';
import type { MenuItem } from '@tableserve/contract/menu';
import { Sparkles } from 'lucide-react';
import { ContainsLine, DietaryTagPills } from '@/components/ui/dietary-badges';
import { ItemImage } from '@/components/ui/item-image';
import { formatDollars } from '@/lib/money';
import { AddToCartControl, type CartControl } from './add-to-cart-control';

type TodaysSpecialStripProps = {
  items: MenuItem[];
  cartControlOf: (item: MenuItem) => CartControl;
  onOpenPhoto: (item: MenuItem) => void;
  /** How many photos from the start load at once (the rest when swiped to); the first comes first. */
  eagerPhotos?: number;
};

/** The day's specials as a horizontal strip a thumb can swipe (docs/product/menu.md#diner-menu). */
export function TodaysSpecialStrip({
  items,
  cartControlOf,
  onOpenPhoto,
  eagerPhotos = 0,
}: TodaysSpecialStripProps) {
  return (
    <section aria-labelledby="todays-special-heading" className="pt-5 md:pt-8">
      <h2
        id="todays-special-heading"
        className="flex items-center gap-2 px-4 text-lg font-bold tracking-tight md:px-0 md:text-xl"
      >
        <Sparkles className="size-5 text-amber-500" aria-hidden />
        {cartMessages.todaysSpecial}
      </h2>
      <ul className="mt-3 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-3 [scrollbar-width:thin] md:scroll-px-0 md:gap-4 md:px-0">
        {items.map((item, index) => (
          <li
            key={item.menu_id}
            aria-label={item.item_name}
            className="flex w-64 shrink-0 snap-start flex-col overflow-hidden rounded-2xl border border-amber-200/70 bg-white shadow-card md:w-72"
          >
            <div className="relative">
              <ItemImage
                src={item.image}
                name={item.item_name}
                category={item.category}
                onOpen={() => onOpenPhoto(item)}
                sizes="(min-width: 768px) 288px, 256px"
                eager={index < eagerPhotos}
                fetchPriority={index === 0 && eagerPhotos > 0 ? 'high' : undefined}
                className="aspect-[4/3] w-full"
              />
              <span className="pointer-events-none absolute top-2.5 left-2.5 rounded-full bg-amber-400 px-2.5 py-1 text-xs font-bold text-amber-950 shadow-sm">
                Special
              </span>
            </div>
            <div className="flex flex-1 flex-col p-3.5">
              <h3 className="truncate font-semibold text-stone-900">{item.item_name}</h3>
              <p className="mt-0.5 line-clamp-1 text-sm text-stone-500">{item.description}</p>
              <DietaryTagPills tags={item.dietary_tags} className="mt-2" />
              <ContainsLine allergens={item.allergens} className="mt-1.5" />
              <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-3">
                <p className="font-bold tabular-nums">{formatDollars(item.price)}</p>
                <AddToCartControl itemName={item.item_name} control={cartControlOf(item)} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
