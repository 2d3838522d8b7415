import type { MenuItem } from '@tableserve/contract/menu';
import { ContainsLine, DietaryTagPills } from '@/components/ui/dietary-badges';
import { ItemImage } from '@/components/ui/item-image';
import { formatDollars } from '@/lib/money';
import { AddToCartControl, type CartControl } from './add-to-cart-control';

type MenuItemCardProps = {
  item: MenuItem;
  cart: CartControl;
  onOpenPhoto: () => void;
  /** In the first screenful: its photo loads at once (see ItemImage). */
  eager?: boolean;
  fetchPriority?: 'high';
};

/**
 * The photo's width: a 112 px thumbnail below 768 px; then the card's width, two columns to
 * 1024 px, three above (the grid in menu-display-page.tsx, max-w-6xl with 2 rem sides).
 */
const PHOTO_SIZES = '(min-width: 1024px) 350px, (min-width: 768px) calc(50vw - 42px), 112px';

/**
 * One dish. On a phone it is a compact row (text left, photo right, the way delivery apps do it,
 * so a long menu stays scannable one-handed); from 768 px the photo leads on top.
 */
export function MenuItemCard({ item, cart, onOpenPhoto, eager, fetchPriority }: MenuItemCardProps) {
  return (
    <article
      aria-label={item.item_name}
      className="flex gap-4 overflow-hidden rounded-2xl border border-stone-200/70 bg-white p-3 shadow-card transition-shadow hover:shadow-raised md:flex-col md:gap-0 md:p-0"
    >
      <ItemImage
        src={item.image}
        name={item.item_name}
        category={item.category}
        onOpen={onOpenPhoto}
        sizes={PHOTO_SIZES}
        eager={eager}
        fetchPriority={fetchPriority}
        className="order-last size-28 rounded-xl md:order-first md:aspect-[4/3] md:size-auto md:w-full md:rounded-none"
      />
      <div className="flex min-w-0 flex-1 flex-col md:p-4">
        <h3 className="text-base font-semibold leading-snug text-stone-900">{item.item_name}</h3>
        <p className="mt-1 line-clamp-2 text-sm leading-relaxed text-stone-500">{item.description}</p>
        <DietaryTagPills tags={item.dietary_tags} className="mt-2" />
        <ContainsLine allergens={item.allergens} className="mt-1.5" />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-2 pt-3">
          <p className="text-base font-bold text-stone-900 tabular-nums">{formatDollars(item.price)}</p>
          <AddToCartControl itemName={item.item_name} control={cart} />
        </div>
      </div>
    </article>
  );
}
