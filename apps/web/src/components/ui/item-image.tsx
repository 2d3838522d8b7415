import type { MenuCategory } from '@tableserve/contract/menu';
import { CakeSlice, CupSoda, type LucideIcon, Salad, Sparkles, UtensilsCrossed } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { menuPhotoSources } from '@/lib/menu-photo';

const placeholderIcons: Record<MenuCategory, LucideIcon> = {
  Starter: Salad,
  MainCourse: UtensilsCrossed,
  Dessert: CakeSlice,
  Beverage: CupSoda,
  TodaysSpecial: Sparkles,
};

type ItemImageProps = {
  src: string | null;
  /** The item's name: the photo's alt text. */
  name: string;
  category: MenuCategory;
  /** Size and shape of the frame (an aspect ratio or a fixed size), so nothing shifts as it loads. */
  className?: string;
  iconClassName?: string;
  /** When given, the photo is a button that opens it full size. */
  onOpen?: () => void;
  /** The frame's width on screen, as the `sizes` attribute says it (for picking a resized copy). */
  sizes?: string;
  /** In the first screenful: loaded at once rather than when scrolled to. */
  eager?: boolean;
  /** The one photo the page most likely paints largest first (its LCP): fetched before the rest. */
  fetchPriority?: 'high';
};

/**
 * A menu item's photo in a fixed frame: a resized copy of it where the server has them
 * (lib/menu-photo.ts), loaded lazily unless `eager` (a phone on a weak network fetches only what
 * it scrolls to). A copy that fails to load falls back to the photo as uploaded, and that to a
 * warm placeholder, as when there is no photo.
 */
export function ItemImage({
  src,
  name,
  category,
  className,
  iconClassName,
  onOpen,
  sizes = '112px',
  eager = false,
  fetchPriority,
}: ItemImageProps) {
  // How many sources of this photo failed to load: its resized copies, then the original.
  const [failures, setFailures] = useState<{ src: string | null; count: number }>({ src: null, count: 0 });
  const failed = failures.src === src ? failures.count : 0;
  const sources = src ? menuPhotoSources(src) : undefined;
  const resized = sources && failed === 0 ? sources : undefined;
  const showPhoto = Boolean(src) && failed < (sources ? 2 : 1);
  const Icon = placeholderIcons[category];

  const photo = showPhoto && src && (
    <img
      // A new element for the fallback: no srcset left over from the resized copies.
      key={resized ? 'resized' : 'original'}
      alt={name}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={fetchPriority}
      width={resized?.width}
      height={resized?.height}
      sizes={resized ? sizes : undefined}
      srcSet={resized?.srcSet}
      src={resized?.src ?? src}
      onError={() => setFailures({ src, count: failed + 1 })}
      className="size-full object-cover"
    />
  );

  return (
    <div className={cn('relative shrink-0 overflow-hidden bg-stone-100', className)}>
      {photo && onOpen ? (
        <button
          type="button"
          onClick={onOpen}
          aria-label={`View photo of ${name}`}
          className="block size-full cursor-zoom-in focus-visible:outline-offset-[-4px]"
        >
          {photo}
        </button>
      ) : (
        photo || (
          <div
            role="img"
            aria-label={`${name} (no photo)`}
            data-placeholder=""
            className="flex size-full items-center justify-center bg-linear-to-br from-brand-50 via-orange-50 to-amber-100 text-brand-300"
          >
            <Icon className={cn('size-1/3 max-h-14 max-w-14', iconClassName)} strokeWidth={1.5} aria-hidden />
          </div>
        )
      )}
    </div>
  );
}
