import { billPageMessages } from '@tableserve/contract/bill-page';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { ApiRequestError } from '@/lib/api-client';
import { formatDollars } from '@/lib/money';
import { stripePublishableKey } from '@/lib/payment/stripe-config';
import { answerTestAuthentication, type BillAccess, cancelPayment } from '../api/bill-api';

type ChallengeProps = {
  billId: number;
  paymentId: number;
  receiptToken: string;
  clientSecret: string;
  /** What the card is charged: the share and the tip. */
  charged: number;
  access: BillAccess;
  /** The challenge is over: answered (the webhook decides) or cancelled (the share is free). */
  onAnswered: () => void;
};

/** A refusal the server keeps (409: authenticated or let go already) ends the challenge all the same. */
const settledAnyway = (error: unknown) => error instanceof ApiRequestError && error.status === 409;

/**
 * The bank's 3-D Secure challenge for a payment waiting for it (docs/product/payments.md#online-payment):
 * Stripe's own in its frames when Stripe is configured, else the test provider's dialog. A
 * challenge closed or cancelled cancels the payment at once, so the share is free for the table.
 */
export function AuthenticationChallenge(props: ChallengeProps) {
  return stripePublishableKey ? (
    <StripeChallenge {...props} publishableKey={stripePublishableKey} />
  ) : (
    <TestChallenge {...props} />
  );
}

function StripeChallenge({
  billId,
  paymentId,
  receiptToken,
  clientSecret,
  access,
  onAnswered,
  publishableKey,
}: ChallengeProps & { publishableKey: string }) {
  const started = useRef(false);
  const answered = useRef(onAnswered);
  answered.current = onAnswered;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const { authenticateWithStripe } = await import('@/lib/payment/stripe-next-action');
        const { authenticated } = await authenticateWithStripe(publishableKey, clientSecret);
        if (!authenticated) await cancelPayment(billId, paymentId, receiptToken, access);
      } catch {
        // Not cancelled here (no network, Stripe.js unreachable): the sweep lets it go.
      }
      answered.current();
    })();
  }, [billId, paymentId, receiptToken, clientSecret, access, publishableKey]);
  return null;
}

function TestChallenge({ billId, paymentId, receiptToken, charged, access, onAnswered }: ChallengeProps) {
  const [busy, setBusy] = useState<'complete' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Closing the dialog ourselves fires its close event too: only an open challenge is cancelled.
  const over = useRef(false);

  async function answer(choice: 'complete' | 'cancel') {
    if (over.current || busy) return;
    setBusy(choice);
    setError(null);
    try {
      if (choice === 'complete')
        await answerTestAuthentication(billId, paymentId, receiptToken, 'complete', access);
      else await cancelPayment(billId, paymentId, receiptToken, access);
    } catch (failure) {
      if (!settledAnyway(failure)) {
        setBusy(null);
        setError(
          failure instanceof ApiRequestError && failure.status === undefined
            ? billPageMessages.network
            : billPageMessages.failed,
        );
        return;
      }
    }
    over.current = true;
    onAnswered();
  }

  return (
    <Modal
      open
      onClose={() => void answer('cancel')}
      title={billPageMessages.authenticateTitle}
      className="max-w-md"
      footer={
        // On a phone, full-width buttons stacked, the one that pays on top.
        <div className="flex w-full flex-col-reverse gap-3 sm:w-auto sm:flex-row">
          <Button variant="secondary" busy={busy === 'cancel'} onClick={() => void answer('cancel')}>
            {billPageMessages.authenticateCancel}
          </Button>
          <Button busy={busy === 'complete'} onClick={() => void answer('complete')}>
            {billPageMessages.authenticateComplete}
          </Button>
        </div>
      }
    >
      <div className="flex items-start gap-3">
        <ShieldCheck className="mt-0.5 size-6 shrink-0 text-brand-600" aria-hidden />
        <p className="text-stone-700">{billPageMessages.authenticateBody(formatDollars(charged))}</p>
      </div>
      {error && (
        <Alert type="error" className="mt-4">
          {error}
        </Alert>
      )}
    </Modal>
  );
}
