import type { RestaurantPublic } from '@tableserve/contract/restaurant';
import { ChevronDown, MapPin, Phone, UtensilsCrossed } from 'lucide-react';
import { type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { formatPhone } from '@/lib/format-phone';

type RestaurantHeaderProps = {
  restaurant: RestaurantPublic;
  /** The table of the code the diner scanned, always in sight (ADR 013). */
  table?: number | null;
  className?: string;
};

/**
 * The restaurant's name, always in sight; hovering (mouse) or tapping it shows address, city,
 * state and phone (docs/product/menu.md#diner-menu).
 */
export function RestaurantHeader({ restaurant, table, className }: RestaurantHeaderProps) {
  const detailsId = useId();
  const rootRef = useRef<HTMLElement>(null);
  const [hovered, setHovered] = useState(false);
  const [pinned, setPinned] = useState(false);
  const open = hovered || pinned;

  // A tap elsewhere or Escape closes details opened by a tap.
  useEffect(() => {
    if (!pinned) return;
    function closeOnOutside(event: globalThis.PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setPinned(false);
    }
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key === 'Escape') setPinned(false);
    }
    document.addEventListener('pointerdown', closeOnOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [pinned]);

  // Only a real mouse hovers; a touch would otherwise open on touch and never leave.
  const onHover = (hovering: boolean) => (event: PointerEvent) => {
    if (event.pointerType === 'mouse') setHovered(hovering);
  };

  const name = restaurant.restaurant_name || restaurant.name;
  const subtitle = [restaurant.restaurant_type, restaurant.city].filter(Boolean).join(' · ');
  const cityLine = [restaurant.city, restaurant.state].filter(Boolean).join(', ');

  return (
    <header
      ref={rootRef}
      onPointerEnter={onHover(true)}
      onPointerLeave={onHover(false)}
      className={cn('border-b border-stone-200/80 bg-white/95 backdrop-blur-md', className)}
    >
      <div className="relative mx-auto flex h-14 max-w-6xl items-center px-2 md:px-6">
        {/* The button's ::after stretches over the whole row, so badge and subtitle are tappable too. */}
        <div className="relative flex min-h-12 min-w-0 items-center gap-3 rounded-xl px-2 hover:bg-stone-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600">
          <span
            aria-hidden
            className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-base font-bold text-brand-700 ring-1 ring-brand-100"
          >
            {name.trim().charAt(0).toUpperCase()}
          </span>
          <div className="min-w-0">
            <h1 className="text-lg leading-tight font-bold tracking-tight">
              <button
                type="button"
                aria-expanded={open}
                aria-controls={detailsId}
                onClick={() => setPinned((value) => !(value || hovered))}
                className="flex max-w-full items-center gap-1.5 text-left outline-none after:absolute after:inset-0 after:content-['']"
              >
                <span className="truncate">{name}</span>
                <ChevronDown
                  className={cn('size-4 shrink-0 text-stone-400 transition-transform', open && 'rotate-180')}
                  aria-hidden
                />
              </button>
            </h1>
            {subtitle && <p className="truncate text-xs text-stone-500">{subtitle}</p>}
          </div>
        </div>
        {table != null && (
          <p className="ml-auto flex shrink-0 items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-brand-100">
            <UtensilsCrossed className="size-4" aria-hidden />
            Table {table}
          </p>
        )}

        {open && (
          <div
            id={detailsId}
            className="absolute top-full left-2 z-10 mt-1 w-[min(22rem,calc(100vw-1rem))] rounded-2xl border border-stone-200 bg-white p-4 shadow-raised md:left-6"
          >
            <dl className="space-y-3 text-sm">
              <div className="flex gap-3">
                <dt>
                  <MapPin className="mt-0.5 size-4 text-brand-600" aria-hidden />
                  <span className="sr-only">Address</span>
                </dt>
                <dd className="text-stone-700">
                  {restaurant.address && <span className="block">{restaurant.address}</span>}
                  {cityLine && <span className="block">{cityLine}</span>}
                </dd>
              </div>
              {restaurant.phone && (
                <div className="flex gap-3">
                  <dt>
                    <Phone className="mt-0.5 size-4 text-brand-600" aria-hidden />
                    <span className="sr-only">Phone</span>
                  </dt>
                  <dd>
                    <a
                      href={`tel:${restaurant.phone.replace(/[^\d+]/g, '')}`}
                      className="font-medium text-stone-900 underline decoration-stone-300 underline-offset-4 hover:decoration-brand-600"
                    >
                      {formatPhone(restaurant.phone)}
                    </a>
                  </dd>
                </div>
              )}
            </dl>
          </div>
        )}
      </div>
    </header>
  );
}
