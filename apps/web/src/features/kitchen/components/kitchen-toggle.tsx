import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The kitchen header's buttons (Sold out, Timings, Full screen, the switches), one size and shape. */
export const kitchenHeaderButton =
  'inline-flex min-h-11 items-center gap-2 rounded-full border px-3 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4';
const idle = 'border-stone-300 bg-white text-stone-700 hover:bg-stone-50';
export const kitchenHeaderButtonIdle = cn(kitchenHeaderButton, idle);

/** A header switch of the kitchen screen (sound, large type): one tap, its state as aria-pressed. */
export function KitchenToggle({
  pressed,
  onToggle,
  icon: Icon,
  label,
  hint,
}: {
  pressed: boolean;
  onToggle: () => void;
  icon: LucideIcon;
  label: string;
  hint: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      title={hint}
      onClick={onToggle}
      className={cn(
        kitchenHeaderButton,
        pressed ? 'border-brand-600 bg-brand-600 text-white hover:bg-brand-700' : idle,
      )}
    >
      <Icon className="size-5" aria-hidden />
      {label}
    </button>
  );
}
