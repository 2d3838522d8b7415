import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { cn } from '@/lib/cn';
import { optionEditorTexts as texts } from '../lib/option-groups-form';

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-stone-600 transition-colors hover:bg-stone-200/70 active:bg-stone-200 disabled:cursor-not-allowed disabled:opacity-30 disabled:hover:bg-transparent';

/** Move up, move down and remove, each named after the row it acts on. */
export function RowActions({
  name,
  index,
  count,
  disabled,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  disabled?: boolean;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex shrink-0 items-center">
      <button
        type="button"
        className={iconButton}
        disabled={disabled || index === 0}
        onClick={() => onMove(-1)}
        aria-label={texts.moveUp(name)}
      >
        <ArrowUp className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        className={iconButton}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(1)}
        aria-label={texts.moveDown(name)}
      >
        <ArrowDown className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        className={cn(iconButton, 'hover:bg-red-50 hover:text-red-700')}
        disabled={disabled}
        onClick={onRemove}
        aria-label={texts.remove(name)}
      >
        <Trash2 className="size-4" aria-hidden />
      </button>
    </div>
  );
}
