import { choicesProblem } from '@tableserve/contract/item-options';
import type { MenuItem } from '@tableserve/contract/menu';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { OptionChooser } from '@/components/ui/option-chooser';
import { unitPriceOf } from '@/lib/item-options';
import { formatDollars } from '@/lib/money';

export const optionChoiceTexts = {
  title: (item: string) => `Options for ${item}`,
  cancel: 'Cancel',
  addToOrder: 'Add to order',
  useOptions: 'Use these options',
  each: (price: string) => `${price} each`,
} as const;

type OptionChoiceDialogProps = {
  /** The dish being chosen for; null when the dialog is closed. */
  item: MenuItem | null;
  /** The choices it opens with (a line's own, when changing them). */
  initial?: readonly number[];
  /** The confirming button's words: 'Add to order', 'Use these options'. */
  confirmLabel: string;
  onConfirm: (chosen: number[]) => void;
  onClose: () => void;
};

/**
 * The staff's chooser for a dish with option groups (docs/decisions/017-item-options.md): Order Management's Add
 * Items and the Place Order form both open it. A required group left empty keeps it open and
 * says which, in the words the server would refuse with.
 */
export function OptionChoiceDialog({ item, ...props }: OptionChoiceDialogProps) {
  // Mounted per dish, so each opening starts from its own choices; closing unmounts the dialog.
  return item && <ChoiceModal key={item.menu_id} item={item} {...props} />;
}

function ChoiceModal({
  item,
  initial = [],
  confirmLabel,
  onConfirm,
  onClose,
}: Omit<OptionChoiceDialogProps, 'item'> & { item: MenuItem }) {
  const [chosen, setChosen] = useState<number[]>([...initial]);
  const [tried, setTried] = useState(false);
  const problem = choicesProblem(item.item_name, item.option_groups, chosen);

  function confirm() {
    setTried(true);
    if (!problem) onConfirm(chosen);
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={optionChoiceTexts.title(item.item_name)}
      className="max-w-lg"
      footer={
        <div className="flex w-full flex-col gap-2">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-base font-semibold text-stone-900 tabular-nums">
              {optionChoiceTexts.each(formatDollars(unitPriceOf(item, chosen)))}
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button variant="secondary" onClick={onClose}>
                {optionChoiceTexts.cancel}
              </Button>
              <Button onClick={confirm} className="whitespace-nowrap">
                <Check className="size-4" aria-hidden />
                {confirmLabel}
              </Button>
            </div>
          </div>
          {/* By the button that was refused; each group also says what it lacks. */}
          {tried && problem && (
            <p role="alert" className="text-sm font-medium text-red-700 sm:text-right">
              {problem}
            </p>
          )}
        </div>
      }
    >
      <OptionChooser groups={item.option_groups} chosen={chosen} onChange={setChosen} showProblems={tried} />
    </Modal>
  );
}
