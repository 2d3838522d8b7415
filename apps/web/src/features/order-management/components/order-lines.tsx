import { MAX_QUANTITY } from '@tableserve/contract/order';
import { Minus, Plus, X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatDollars, lineTotal } from '@/lib/money';
import { AllergenNote } from '@/orders/components/allergen-note';
import { LineOptions } from '@/orders/components/line-options';
import { type EditLine, lineKey, lineName } from '../lib/order-edit-lines';

type OrderLinesProps = {
  lines: EditLine[];
  /** Pending orders: − / + and remove on each line (docs/product/staff-screens.md#order-management). */
  editable: boolean;
  disabled?: boolean;
  /** By the line's key (its dish and choices, lineKey). */
  onChangeQuantity: (key: string, delta: number) => void;
  onRemove: (key: string) => void;
};

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-stone-700 transition-colors hover:bg-stone-100 active:bg-stone-200 disabled:cursor-not-allowed disabled:opacity-35 disabled:hover:bg-transparent';

/** The order's items: name, quantity and price; on a Pending order, editable in place. */
export function OrderLines({ lines, editable, disabled, onChangeQuantity, onRemove }: OrderLinesProps) {
  return (
    <ul className="divide-y divide-stone-100">
      {lines.map((line) => (
        <li key={lineKey(line)} className={cn('flex flex-col gap-1', editable ? 'py-2.5' : 'py-2')}>
          <div className="flex items-baseline gap-3">
            {!editable && (
              <span className="w-8 shrink-0 text-sm font-semibold text-stone-500 tabular-nums">
                {line.quantity}×
              </span>
            )}
            <p className="min-w-0 flex-1 text-[0.9375rem] leading-snug font-medium break-words text-stone-900">
              {line.product_name}
              {!editable && (
                <span className="sr-only">
                  {', quantity '}
                  {line.quantity}
                </span>
              )}
            </p>
            <p className="shrink-0 text-[0.9375rem] font-semibold text-stone-900 tabular-nums">
              {formatDollars(lineTotal(line.price, line.quantity))}
            </p>
          </div>
          <LineOptions
            options={line.options}
            className={cn('text-sm leading-snug text-stone-600', !editable && 'pl-11')}
          />
          {line.allergens.length > 0 && (
            <div className={cn(!editable && 'pl-11')}>
              <AllergenNote allergens={line.allergens} size="compact" />
            </div>
          )}
          {editable ? (
            <div className="flex items-center justify-between gap-3">
              <p className="text-sm text-stone-500 tabular-nums">{formatDollars(line.price)} each</p>
              <div className="flex items-center gap-1">
                {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would bring a border and legend this compact control does not want. */}
                <div
                  role="group"
                  aria-label={`Quantity of ${lineName(line)}`}
                  className="inline-flex items-center rounded-full border border-stone-200 bg-white"
                >
                  <button
                    type="button"
                    className={iconButton}
                    onClick={() => onChangeQuantity(lineKey(line), -1)}
                    disabled={disabled || line.quantity <= 1}
                    aria-label={`Decrease ${lineName(line)}`}
                  >
                    <Minus className="size-4" strokeWidth={2.5} aria-hidden />
                  </button>
                  <span className="min-w-7 text-center text-base font-bold tabular-nums" aria-live="polite">
                    {line.quantity}
                  </span>
                  <button
                    type="button"
                    className={iconButton}
                    onClick={() => onChangeQuantity(lineKey(line), 1)}
                    disabled={disabled || line.quantity >= MAX_QUANTITY}
                    aria-label={`Increase ${lineName(line)}`}
                  >
                    <Plus className="size-4" strokeWidth={2.5} aria-hidden />
                  </button>
                </div>
                <button
                  type="button"
                  className={cn(iconButton, 'text-stone-500 hover:bg-red-50 hover:text-red-700')}
                  onClick={() => onRemove(lineKey(line))}
                  disabled={disabled || lines.length <= 1}
                  aria-label={`Remove ${lineName(line)}`}
                  title={lines.length <= 1 ? 'An order keeps at least one item' : undefined}
                >
                  <X className="size-4" strokeWidth={2.5} aria-hidden />
                </button>
              </div>
            </div>
          ) : (
            line.quantity > 1 && (
              <p className="pl-11 text-sm text-stone-500 tabular-nums">{formatDollars(line.price)} each</p>
            )
          )}
        </li>
      ))}
    </ul>
  );
}
