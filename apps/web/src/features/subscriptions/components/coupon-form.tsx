import { type Coupon, subscriptionMessages } from '@tableserve/contract/subscription';
import { TicketPercent } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useValidateCoupon } from '../api/validate-coupon';
import { couponCheck, couponDiscountLabel, couponRequestFailureMessage } from '../lib/coupon';

type CouponFormProps = {
  planId: number;
  applied: Coupon | null;
  onApply: (coupon: Coupon | null) => void;
};

/** A coupon code, checked against the selected plan (docs/product/subscriptions.md#coupons). */
export function CouponForm({ planId, applied, onApply }: CouponFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const validation = useValidateCoupon();
  // A ref, not the mutation's state, so a second Apply in the same tick is ignored too.
  const inFlight = useRef(false);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    if (code.trim() === '') {
      setError(subscriptionMessages.enterCoupon);
      return;
    }
    inFlight.current = true;
    setError(null);
    validation.mutate(
      { coupon_id: code, plan_id: planId },
      {
        onSuccess: (response) => {
          const check = couponCheck(response);
          if (check.ok) onApply(check.coupon);
          else setError(check.message);
        },
        onError: (failure) => setError(couponRequestFailureMessage(failure)),
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  }

  if (applied) {
    return (
      <div
        role="status"
        className="flex items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 py-1.5 pr-1.5 pl-4 text-sm text-emerald-900"
      >
        <TicketPercent className="size-5 shrink-0 text-emerald-700" aria-hidden />
        <p className="min-w-0 flex-1">
          <span className="font-semibold">{applied.id}</span> applied
          <span aria-hidden> · </span>
          <span className="sr-only">: </span>
          <span className="font-semibold">{couponDiscountLabel(applied)}</span>
          {applied.name && applied.name !== applied.id && (
            <span className="block truncate text-emerald-800/80">{applied.name}</span>
          )}
        </p>
        <Button
          variant="ghost"
          className="text-emerald-900 hover:bg-emerald-100"
          onClick={() => {
            onApply(null);
            setCode('');
          }}
        >
          Remove
        </Button>
      </div>
    );
  }

  return (
    <form
      onSubmit={apply}
      noValidate
      aria-label="Coupon"
      className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-2"
    >
      <TextField
        label="Coupon code"
        name="coupon"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="e.g. WELCOME20"
        value={code}
        error={error ?? undefined}
        onChange={(event) => {
          setCode(event.target.value);
          setError(null);
        }}
      />
      {/* Lines up with the input: below its 20 px label and 6 px gap, and as tall (46 px). */}
      <Button
        type="submit"
        variant="secondary"
        busy={validation.isPending}
        className="mt-[1.625rem] min-h-[2.875rem] self-start"
      >
        Apply
      </Button>
    </form>
  );
}
