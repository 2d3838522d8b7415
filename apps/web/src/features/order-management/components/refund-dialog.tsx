import type { CreateRefundBody, OrderRefundsResponse } from '@tableserve/contract/refunds';
import { MAX_REFUND_REASON, refundMessages as text } from '@tableserve/contract/refunds';
import { CircleAlert } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { ApiRequestError } from '@/lib/api-client';
import { formatDollars } from '@/lib/money';
import { useCreateRefund } from '../api/order-refunds';

type What = 'whole' | 'amount' | 'lines';

/** Turns the form into the request: the whole order is the amount left to refund. */
function bodyOf(
  what: What,
  refunds: OrderRefundsResponse,
  amount: string,
  lines: Set<number>,
  reason: string,
) {
  if (what === 'lines')
    return {
      reason,
      lines: [...lines].map((order_item_id) => ({ order_item_id })),
    } satisfies CreateRefundBody;
  return {
    reason,
    amount: what === 'whole' ? refunds.refundable : Number(amount),
  } satisfies CreateRefundBody;
}

/**
 * The Refund dialog of an order card (docs/decisions/020-money-model.md#refunds): the whole
 * order, an amount, or ticked lines, with a required reason. The server checks every figure;
 * its refusal is shown as it words it.
 */
export function RefundDialog({
  token,
  refunds,
  onClose,
}: {
  token: string;
  refunds: OrderRefundsResponse;
  onClose: () => void;
}) {
  const ids = useId();
  const [what, setWhat] = useState<What>('whole');
  const [amount, setAmount] = useState('');
  const [lines, setLines] = useState<Set<number>>(new Set());
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // One key per dialog: a retry of the same confirmation refunds once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const create = useCreateRefund(token, refunds.order_id);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setProblem(text.reasonRequired);
    if (what === 'lines' && lines.size === 0) return setProblem(text.chooseLines);
    setProblem(null);
    try {
      await create.mutateAsync({ body: bodyOf(what, refunds, amount, lines, reason), idempotencyKey });
      onClose();
    } catch (error) {
      setProblem((error instanceof ApiRequestError && error.serverMessage) || text.failed);
    }
  }

  const toggle = (id: number) =>
    setLines((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Modal
      open
      onClose={onClose}
      title={text.dialogTitle(refunds.order_id)}
      footer={
        <div className="flex w-full flex-col-reverse gap-2 sm:flex-row sm:justify-end sm:gap-3">
          <Button variant="secondary" onClick={onClose}>
            {text.cancel}
          </Button>
          <Button type="submit" form={`${ids}-form`} busy={create.isPending}>
            {text.confirm}
          </Button>
        </div>
      }
    >
      <form
        id={`${ids}-form`}
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
        noValidate
      >
        <p className="text-sm text-stone-600">{text.refundable(formatDollars(refunds.refundable))}</p>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-stone-800">{text.what}</legend>
          {(
            [
              ['whole', text.wholeOrder],
              ['amount', text.byAmount],
              ['lines', text.byLines],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex min-h-11 items-center gap-3 text-sm text-stone-800">
              <input
                type="radio"
                name={`${ids}-what`}
                value={value}
                checked={what === value}
                onChange={() => setWhat(value)}
                className="size-5 accent-brand-600"
              />
              {label}
            </label>
          ))}
        </fieldset>
        {what === 'amount' && (
          <TextField
            label={text.amountLabel}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        )}
        {what === 'lines' && (
          <fieldset className="flex flex-col gap-1">
            <legend className="sr-only">{text.byLines}</legend>
            {refunds.lines.map((line) => (
              <label
                key={line.order_item_id}
                className="flex min-h-11 items-center gap-3 text-sm text-stone-800"
              >
                <input
                  type="checkbox"
                  checked={lines.has(line.order_item_id)}
                  disabled={line.refundable <= 0}
                  onChange={() => toggle(line.order_item_id)}
                  className="size-5 accent-brand-600"
                />
                <span className="flex-1">
                  {line.quantity} × {line.product_name}
                </span>
                <span className="tabular-nums text-stone-600">{formatDollars(line.refundable)}</span>
              </label>
            ))}
          </fieldset>
        )}
        <TextField
          label={text.reasonLabel}
          required
          maxLength={MAX_REFUND_REASON}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        {problem && (
          <p role="alert" className="flex items-start gap-2 text-sm text-red-700">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {problem}
          </p>
        )}
      </form>
    </Modal>
  );
}
