import { type MenuItem, menuCategoryLabels, stockMessages } from '@tableserve/contract/menu';
import { Pencil, Trash2, UtensilsCrossed } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ContainsLine, DietaryTagPills } from '@/components/ui/dietary-badges';
import { cn } from '@/lib/cn';
import { formatDollars } from '@/lib/money';
import { optionEditorTexts } from '../lib/option-groups-form';

type MenuItemCardProps = {
  item: MenuItem;
  editing: boolean;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
};

/** One item of the grid: photo, name, category, portions left, price, description, availability, actions. */
export function MenuItemCard({ item, editing, deleting, onEdit, onDelete }: MenuItemCardProps) {
  const state = !item.available ? 'Unavailable' : item.stock === 0 ? 'Sold out' : 'Available';
  return (
    <article
      aria-label={item.item_name}
      className={cn(
        // A row with a square thumbnail on phones, so a long menu stays scannable; a tall card above.
        'flex w-full overflow-hidden rounded-2xl border bg-white shadow-card transition sm:flex-col',
        editing ? 'border-brand-400 ring-2 ring-brand-200' : 'border-stone-200/70',
        deleting && 'opacity-60',
      )}
    >
      <div className="relative m-3 mr-0 aspect-square w-28 shrink-0 self-start overflow-hidden rounded-xl bg-stone-100 sm:m-0 sm:aspect-[4/3] sm:w-auto sm:self-auto sm:rounded-none">
        {item.image ? (
          <img
            src={item.image}
            alt=""
            loading="lazy"
            className={cn('size-full object-cover', state !== 'Available' && 'grayscale-[60%]')}
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-brand-50 to-stone-100 text-brand-300">
            <UtensilsCrossed className="size-8 sm:size-10" strokeWidth={1.5} aria-hidden />
            <span className="text-xs font-medium text-stone-500">No photo</span>
          </div>
        )}
        <span
          className={cn(
            'absolute top-2 left-2 inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold shadow-sm sm:top-3 sm:left-3 sm:px-2.5 sm:py-1',
            state === 'Available' && 'bg-white/95 text-emerald-800',
            state === 'Sold out' && 'bg-red-700/95 text-white',
            state === 'Unavailable' && 'bg-stone-800/90 text-white',
          )}
        >
          <span
            aria-hidden
            className={cn('size-1.5 rounded-full', state === 'Available' ? 'bg-emerald-500' : 'bg-stone-300')}
          />
          {state}
        </span>
      </div>

      <div className="flex min-w-0 flex-1 flex-col gap-2 p-3 sm:p-4">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 text-base leading-snug font-semibold break-words">{item.item_name}</h3>
          <p className="shrink-0 text-base font-semibold text-brand-700 tabular-nums">
            {formatDollars(item.price)}
          </p>
        </div>
        <p className="flex flex-wrap gap-1.5">
          <span className="inline-flex rounded-md bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-600">
            {menuCategoryLabels[item.category]}
          </span>
          {typeof item.stock === 'number' && item.stock > 0 && (
            <span className="inline-flex rounded-md bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200 ring-inset">
              {stockMessages.left(item.stock)}
            </span>
          )}
          {item.option_groups.length > 0 && (
            <span
              title={item.option_groups.map((group) => group.name).join(', ')}
              className="inline-flex rounded-md bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-200 ring-inset"
            >
              {optionEditorTexts.groupCount(item.option_groups.length)}
            </span>
          )}
        </p>
        <p className="line-clamp-2 text-sm leading-6 break-words text-stone-600 sm:line-clamp-3">
          {item.description}
        </p>
        <DietaryTagPills tags={item.dietary_tags} />
        <ContainsLine allergens={item.allergens} />
        <div className="mt-auto grid grid-cols-2 gap-2 pt-1 sm:pt-3">
          <Button
            variant="secondary"
            onClick={onEdit}
            aria-label={`Edit ${item.item_name}`}
            disabled={deleting}
          >
            <Pencil className="size-4" aria-hidden />
            Edit
          </Button>
          <Button
            variant="ghost"
            onClick={onDelete}
            busy={deleting}
            aria-label={`Delete ${item.item_name}`}
            className="px-3 text-red-700 hover:bg-red-50 hover:text-red-800 active:bg-red-100"
          >
            {!deleting && <Trash2 className="size-4" aria-hidden />}
            Delete
          </Button>
        </div>
      </div>
    </article>
  );
}
