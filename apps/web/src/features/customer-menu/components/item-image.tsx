import type { MenuCategory } from '@tableserve/contract/menu';
import { CakeSlice, CupSoda, type LucideIcon, Salad, Sparkles, UtensilsCrossed } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';

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
};

/**
 * A menu item's photo in a fixed frame: loaded lazily (a phone on a weak network fetches only
 * what it scrolls to), and replaced by a warm placeholder when there is none or it fails to load.
 */
export function ItemImage({ src, name, category, className, iconClassName, onOpen }: ItemImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showPhoto = Boolean(src) && failedSrc !== src;
  const Icon = placeholderIcons[category];

  const photo = showPhoto && src && (
    <img
      src={src}
      alt={name}
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
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
