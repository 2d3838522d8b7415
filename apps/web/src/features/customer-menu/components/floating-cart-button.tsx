import { ShoppingBag } from 'lucide-react';
import { useRef } from 'react';
import { cn } from '@/lib/cn';
import { formatDollars } from '@/lib/money';
import { useDraggablePosition } from '../hooks/use-draggable-position';

type FloatingCartButtonProps = {
  count: number;
  subtotal: number;
  /** Room kept free at the bottom for the checkout bar, until the diner moves the button. */
  bottomClearance: number;
  onOpen: () => void;
};

/**
 * The cart, floating above the menu: drag it out of the way (its place is kept), tap it to open
 * the cart (docs/product/menu.md#diner-menu).
 */
export function FloatingCartButton({ count, subtotal, bottomClearance, onOpen }: FloatingCartButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const { position, dragging, isClickFromDrag, handlers } = useDraggablePosition(ref, bottomClearance);
  const itemsLabel = `${count} ${count === 1 ? 'item' : 'items'}`;

  return (
    <button
      ref={ref}
      type="button"
      {...handlers}
      onClick={() => {
        if (!isClickFromDrag()) onOpen();
      }}
      aria-label={`Cart, ${itemsLabel}, ${formatDollars(subtotal)}`}
      aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight"
      data-dragging={dragging || undefined}
      style={position ? { left: position.x, top: position.y } : undefined}
      className={cn(
        // touch-none: a finger on the button drags it instead of scrolling the page.
        'fixed z-40 flex min-h-14 touch-none items-center gap-2.5 rounded-full bg-stone-900 py-2 pr-5 pl-2 text-white shadow-raised select-none',
        dragging
          ? 'scale-105 cursor-grabbing shadow-2xl'
          : 'cursor-grab transition-transform active:scale-95',
        !position && 'invisible',
      )}
    >
      <span className="relative flex size-10 items-center justify-center rounded-full bg-brand-600">
        <ShoppingBag className="size-5" aria-hidden />
        {/* The count is drawn by CSS, not as text: the name already says "3 items", and a bare "3" ahead
            of the price would make the visible text ("3 $39.50") differ from the name (WCAG 2.5.3). */}
        {count > 0 && (
          <span
            aria-hidden
            data-count={count}
            className="absolute -top-1.5 -right-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-white px-1 text-[11px] font-bold text-stone-900 ring-2 ring-stone-900 tabular-nums after:content-[attr(data-count)]"
          />
        )}
      </span>
      <span aria-hidden className="text-base font-bold tabular-nums">
        {formatDollars(subtotal)}
      </span>
    </button>
  );
}
