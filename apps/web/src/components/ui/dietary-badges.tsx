import {
  type Allergen,
  allergenList,
  type DietaryTag,
  dietaryTagLabels,
} from '@tableserve/contract/allergens';
import { cn } from '@/lib/cn';

/** One colour per tag, each dark enough on its tint for WCAG AA at 12 px bold. */
const TAG_COLOURS: Record<DietaryTag, string> = {
  vegetarian: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  vegan: 'bg-lime-50 text-lime-900 ring-lime-300',
  gluten_free: 'bg-amber-50 text-amber-900 ring-amber-200',
  spicy: 'bg-red-50 text-red-800 ring-red-200',
};

/** A menu item's dietary tags as coloured pills ("Vegan", "Spicy"); nothing for none. */
export function DietaryTagPills({ tags, className }: { tags: readonly DietaryTag[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Dietary" className={cn('flex flex-wrap gap-1.5', className)}>
      {tags.map((tag) => (
        <li
          key={tag}
          className={cn(
            'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
            TAG_COLOURS[tag],
          )}
        >
          {dietaryTagLabels[tag]}
        </li>
      ))}
    </ul>
  );
}

/** "Contains: milk, eggs" in small print; nothing for none. */
export function ContainsLine({
  allergens,
  className,
}: {
  allergens: readonly Allergen[];
  className?: string;
}) {
  const list = allergenList(allergens);
  if (!list) return null;
  return (
    <p className={cn('text-xs leading-5 text-stone-600', className)}>
      <span className="font-semibold text-stone-700">Contains:</span> {list}
    </p>
  );
}
