import { type CancelSubscriptionResponse, subscriptionMessages } from '@tableserve/contract/subscription';
import { CircleCheck, Clock } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { formatDollars } from '@/lib/money';
import { useElapsed } from '../hooks/use-elapsed';
import { pluralDays } from '../lib/subscription-dates';

/** docs/product/subscriptions.md#cancellation: the refund note appears 3 s after the cancellation figures. */
export const REFUND_NOTE_DELAY_MS = 3000;

/** The result of an immediate cancel on the plans screen: the pro-rated refund and how it was worked out. */
export function RefundSummary({ result }: { result: CancelSubscriptionResponse }) {
  const showNote = useElapsed(REFUND_NOTE_DELAY_MS);
  const figures = [
    { label: 'Refund amount', value: formatDollars(result.refund_amount), emphasis: true },
    { label: 'Days used', value: pluralDays(result.used_days) },
    { label: 'Days remaining', value: pluralDays(result.remaining_days) },
    { label: 'Daily rate', value: formatDollars(result.daily_rate) },
  ];
  return (
    <Card role="status" aria-labelledby="refund-heading" className="p-6 md:p-7">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200">
          <CircleCheck className="size-5" aria-hidden />
        </span>
        <div>
          <h2 id="refund-heading" className="text-lg font-semibold">
            Subscription canceled
          </h2>
          <p className="mt-1 text-sm leading-6 text-stone-600">{result.message}</p>
        </div>
      </div>
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map((figure) => (
          <div
            key={figure.label}
            className="rounded-xl bg-stone-50 px-4 py-3 ring-1 ring-stone-200/70 ring-inset"
          >
            <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{figure.label}</dt>
            <dd
              className={
                figure.emphasis
                  ? 'mt-1 text-xl font-bold text-emerald-700 tabular-nums'
                  : 'mt-1 text-xl font-semibold text-stone-900 tabular-nums'
              }
            >
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
      {showNote && (
        <p className="mt-4 flex items-center gap-2 text-sm text-stone-600">
          <Clock className="size-4 shrink-0 text-stone-500" aria-hidden />
          {subscriptionMessages.refundNote}
        </p>
      )}
    </Card>
  );
}
