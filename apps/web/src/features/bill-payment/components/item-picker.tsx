import { MAX_SPLIT_WAYS } from '@tableserve/contract/bill';
import { billPageMessages } from '@tableserve/contract/bill-page';
import type { BillView } from '@tableserve/contract/bills';
import { formatCents, formatDollars } from '@/lib/money';
import { freeShares, type ItemChoice, itemCents, lineIsOpen, lineIsSplit, tickLine } from '../lib/pay-choice';
import { NumberStepper } from './number-stepper';

type ItemPickerProps = {
  bill: BillView;
  items: ItemChoice[];
  onChange: (items: ItemChoice[]) => void;
};

/**
 * Pay for items: tick lines; each ticked line may be shared by 1–20 people (fixed once someone
 * paid a share of it, whose shares show as paid), and the diner pays one or more of its shares.
 */
export function ItemPicker({ bill, items, onChange }: ItemPickerProps) {
  const choiceOf = (orderItemId: number) => items.find((item) => item.orderItemId === orderItemId);
  const update = (next: ItemChoice) =>
    onChange(items.map((item) => (item.orderItemId === next.orderItemId ? next : item)));

  const taxAdded = !bill.tax_included && bill.tax > 0;
  const extras =
    taxAdded && bill.service > 0
      ? billPageMessages.taxAndService
      : taxAdded
        ? billPageMessages.taxOnly
        : bill.service > 0
          ? billPageMessages.serviceOnly
          : null;
  return (
    <div className="space-y-2">
      {/* The lines here cost what the diner pays: the bill's menu prices plus their tax and service. */}
      {extras && <p className="text-sm text-stone-600">{billPageMessages.allInPrices(extras)}</p>}
      <ul aria-label={billPageMessages.payItems} className="space-y-2">
        {bill.lines.map((line) => {
          const choice = choiceOf(line.order_item_id);
          const open = lineIsOpen(line);
          const shareCount = choice?.shareCount ?? line.share_count;
          const taken = lineIsSplit(line) ? line.shares_taken.length : 0;
          return (
            <li key={line.order_item_id} className="rounded-xl border border-stone-200 bg-white p-3">
              <label className="flex items-center gap-3">
                <input
                  type="checkbox"
                  className="size-5 accent-brand-600"
                  checked={Boolean(choice)}
                  disabled={!open}
                  onChange={(event) =>
                    onChange(
                      event.target.checked
                        ? [...items, tickLine(line)]
                        : items.filter((item) => item.orderItemId !== line.order_item_id),
                    )
                  }
                />
                <span className="min-w-0 flex-1">
                  {line.quantity} × {line.product_name}
                </span>
                <span className="tabular-nums">
                  {open ? formatDollars(line.payable) : billPageMessages.paid}
                </span>
              </label>
              {open && taken > 0 && (
                <p className="mt-1 text-sm text-stone-500">
                  {billPageMessages.sharesPaid(taken, line.share_count)}
                </p>
              )}
              {choice && (
                <div className="mt-2 space-y-2 border-t border-stone-100 pt-2">
                  <NumberStepper
                    label={billPageMessages.sharedWith(line.product_name)}
                    value={shareCount}
                    min={1}
                    max={MAX_SPLIT_WAYS}
                    fixed={lineIsSplit(line)}
                    onChange={(count) =>
                      update({ ...choice, shareCount: count, shares: Math.min(choice.shares, count) })
                    }
                  />
                  {shareCount > 1 && (
                    <NumberStepper
                      label={billPageMessages.sharesYouPay(line.product_name)}
                      value={choice.shares}
                      min={1}
                      max={freeShares(line, shareCount).length}
                      onChange={(shares) => update({ ...choice, shares })}
                    />
                  )}
                  <p className="text-right text-sm font-medium tabular-nums">
                    {billPageMessages.yourPart}: {formatCents(itemCents(line, choice))}
                  </p>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
