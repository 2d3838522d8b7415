import { billPageMessages } from '@tableserve/contract/bill-page';
import { type BillView, billMessages, type PayBillBody } from '@tableserve/contract/bills';
import { useState } from 'react';
import { CardField } from '@/components/payment/card-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { Modal } from '@/components/ui/modal';
import { formatCents } from '@/lib/money';
import type { CardInput } from '@/lib/payment/card-input';
import {
  amountCents,
  keepPossible,
  parseDollars,
  type SplitChoice,
  splitBody,
  type TipChoice,
  tipBody,
  tipCents,
  tipNeedsConfirmation,
  tipTooLarge,
} from '../lib/pay-choice';
import type { PayFailure } from '../lib/pay-failure';
import { SplitChooser } from './split-chooser';
import { TipChooser } from './tip-chooser';

type PayFormProps = {
  bill: BillView;
  tableCode: PayBillBody['table_code'];
  busy: boolean;
  failure: PayFailure | null;
  onPay: (card: CardInput, body: Omit<PayBillBody, 'payment_method_id' | 'version'>) => void;
};

const noCard: CardInput = { complete: false, createPaymentMethod: async () => '' };

function splitError(split: SplitChoice, amount: number | null): string | null {
  if (amount !== null) return null;
  if (split.kind === 'items') return split.items.length === 0 ? null : billPageMessages.chooseItems;
  if (split.kind !== 'amount' || split.amount.trim() === '') return null;
  const typed = parseDollars(split.amount);
  return typed === null || typed === 0 ? billPageMessages.amountInvalid : billMessages.overOutstanding;
}

/**
 * How this diner pays, the tip, an optional receipt email, the card and "Pay $X.XX" (what they
 * pay plus the tip). The choices follow the bill as others pay: what is no longer possible drops out.
 */
export function PayForm({ bill, tableCode, busy, failure, onPay }: PayFormProps) {
  const [chosenSplit, setSplit] = useState<SplitChoice>({ kind: 'all' });
  const [tip, setTip] = useState<TipChoice>({ kind: 'none' });
  const [email, setEmail] = useState('');
  const [card, setCard] = useState<CardInput>(noCard);
  const [confirming, setConfirming] = useState(false);

  const split = keepPossible(chosenSplit, bill);
  const amount = amountCents(bill, split);
  const tipAmount = amount === null ? null : tipCents(amount, tip);
  const tipError =
    tip.kind === 'amount' && tip.amount.trim() !== '' && tipAmount === null
      ? billPageMessages.amountInvalid
      : amount !== null && tipAmount !== null && tipTooLarge(amount, tipAmount)
        ? billMessages.tipTooLarge
        : null;
  const ready = amount !== null && amount > 0 && tipAmount !== null && tipError === null && card.complete;
  const charged = (amount ?? 0) + (tipAmount ?? 0);

  const send = () =>
    onPay(card, {
      ...(tableCode ? { table_code: tableCode } : {}),
      split: splitBody(split),
      tip: tipBody(tip),
      ...(email.trim() ? { receipt_email: email.trim() } : {}),
    });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!ready || amount === null || tipAmount === null) return;
    if (tipNeedsConfirmation(amount, tipAmount)) setConfirming(true);
    else send();
  }

  return (
    <form onSubmit={submit} className="space-y-6" noValidate>
      <SplitChooser bill={bill} split={split} onChange={setSplit} error={splitError(split, amount)} />
      <TipChooser amount={amount} tip={tip} onChange={setTip} error={tipError} service={bill.service} />
      <EmailField
        label={billPageMessages.receiptEmail}
        maxLength={254}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <CardField onChange={setCard} />
      {failure && <Alert type="error">{failure.message}</Alert>}
      <Button type="submit" size="lg" className="w-full" busy={busy} disabled={!ready}>
        {billPageMessages.pay(formatCents(charged))}
      </Button>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={billPageMessages.confirmTipTitle}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {billPageMessages.confirmTipNo}
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                send();
              }}
            >
              {billPageMessages.confirmTipYes}
            </Button>
          </>
        }
      >
        <p>{billPageMessages.confirmTip(formatCents(tipAmount ?? 0), formatCents(amount ?? 0))}</p>
      </Modal>
    </form>
  );
}
