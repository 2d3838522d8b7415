import { type Allergen, containsLine } from '@tableserve/contract/allergens';
import { TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * "Contains: …" under an order line, in amber, with the allergens its dish has now
 * (staff-order.ts): large on the kitchen's cards, where the cook must not miss it; compact on
 * Order Management's, where the owner checks an order before approving it.
 */
export function AllergenNote({
  allergens,
  size,
}: {
  allergens: readonly Allergen[];
  size: 'large' | 'base' | 'compact';
}) {
  if (allergens.length === 0) return null;
  return (
    <span
      className={cn(
        'inline-flex items-start gap-1.5 rounded-lg bg-amber-100 px-2 py-0.5 text-amber-950 ring-1 ring-amber-300 ring-inset',
        size === 'compact' ? 'text-xs font-semibold' : 'font-bold',
        size === 'large' && 'text-base',
        size === 'base' && 'text-sm',
      )}
    >
      <TriangleAlert
        className={cn('shrink-0 text-amber-700', size === 'compact' ? 'mt-px size-3.5' : 'mt-1 size-4')}
        aria-hidden
      />
      {containsLine(allergens)}
    </span>
  );
}
