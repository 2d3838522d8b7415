import type { MenuItem } from '@tableserve/contract/menu';
import { choicesProblem } from '@tableserve/contract/option-choices';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { OptionChooser } from '@/components/ui/option-chooser';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { chosenOptions } from '@/lib/item-options';
import { lineTotal } from '@/lib/money';
import { type CartItem, cartItem } from '@/session/diner/cart';
import { itemChoiceTexts } from '../lib/item-choice';

export type OptionSheetProps = {
  /** The dish being chosen for; null once the sheet is closed. */
  item: MenuItem | null;
  onAdd: (line: CartItem, quantity: number) => void;
  onClose: () => void;
};

/**
 * The sheet a dish with options opens on Add (ADR 017): its groups, the unit price as choices
 * change, a quantity, and Add to cart, which adds nothing while a group is not answered. A bottom
 * sheet on a phone, a dialog above. Mounted afresh for each opening (the caller's key), so the
 * choices of the last one do not carry over; kept mounted while closed, so closing is the native one.
 */
export function OptionSheet({ item, onAdd, onClose }: OptionSheetProps) {
  const [picked, setPicked] = useState<number[]>([]);
  const [quantity, setQuantity] = useState(1);
  const [triedToAdd, setTriedToAdd] = useState(false);
  const name = item?.item_name ?? '';
  const groups = item?.option_groups ?? [];
  // A live menu update may take an option away: what is no longer offered is no longer chosen.
  const options = chosenOptions(groups, picked);
  const chosen = options.map((option) => option.id);
  const line = item && cartItem(item, options);
  const problem = choicesProblem(name, groups, chosen);

  function add() {
    if (!line) return;
    if (problem) setTriedToAdd(true);
    else onAdd(line, quantity);
  }

  return (
    <Modal
      open={item !== null}
      onClose={onClose}
      title={name}
      focusTitle
      className="max-w-lg max-sm:mb-0 max-sm:w-full max-sm:max-w-none max-sm:rounded-b-none"
      footer={
        line && (
          <div className="w-full">
            <div className="flex items-center justify-between gap-3">
              <p className="text-base font-bold text-stone-900 tabular-nums">
                {itemChoiceTexts.each(line.price)}
              </p>
              <QuantityStepper
                itemName={name}
                quantity={quantity}
                onChange={setQuantity}
                min={1}
                tone="light"
              />
            </div>
            {triedToAdd && problem && (
              <p role="alert" className="mt-3 text-sm font-medium text-red-700">
                {problem}
              </p>
            )}
            <Button size="lg" className="mt-3 w-full rounded-full" onClick={add}>
              {itemChoiceTexts.addToCart(lineTotal(line.price, quantity))}
            </Button>
          </div>
        )
      }
    >
      {item?.description && <p className="mb-5 text-sm leading-relaxed text-stone-500">{item.description}</p>}
      <OptionChooser groups={groups} chosen={chosen} onChange={setPicked} showProblems={triedToAdd} />
    </Modal>
  );
}
