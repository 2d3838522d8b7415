import { subscriptionMessages } from '@tableserve/contract/subscription';
import { useState } from 'react';
import { TextField } from '@/components/ui/field';
import { CardDetailsError } from '@/lib/payment/card-details-error';
import type { CardInput } from '@/lib/payment/card-input';
import {
  formatCardNumber,
  formatCvc,
  formatExpiry,
  type TestCardValues,
  testCardState,
  visibleCardErrors,
} from '@/lib/payment/test-card';

const untouched = { number: false, expiry: false, cvc: false };

/**
 * The built-in card form of test mode: number, expiry and CVC, validated like Stripe Elements.
 * It reports a CardInput whose payment method is the test card's (TEST_CARDS in the contract).
 */
export function TestCardForm({ onChange }: { onChange: (card: CardInput) => void }) {
  const [values, setValues] = useState<TestCardValues>({ number: '', expiry: '', cvc: '' });
  const [touched, setTouched] = useState(untouched);
  const errors = visibleCardErrors(values, testCardState(values, new Date()).errors, touched);

  function update(field: keyof TestCardValues, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    const { complete, paymentMethodId } = testCardState(next, new Date());
    onChange({
      complete,
      createPaymentMethod: async () => {
        if (!paymentMethodId) throw new CardDetailsError(subscriptionMessages.cardIncomplete);
        return paymentMethodId;
      },
    });
  }

  const touch = (field: keyof TestCardValues) => () =>
    setTouched((current) => ({ ...current, [field]: true }));

  return (
    <div className="grid grid-cols-2 gap-x-4 gap-y-5">
      <TextField
        label="Card number"
        name="cardnumber"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        className="col-span-2"
        value={values.number}
        error={errors.number ?? undefined}
        onChange={(event) => update('number', formatCardNumber(event.target.value))}
        onBlur={touch('number')}
      />
      <TextField
        label="Expiry date"
        name="cc-exp"
        autoComplete="cc-exp"
        inputMode="numeric"
        placeholder="MM/YY"
        value={values.expiry}
        error={errors.expiry ?? undefined}
        onChange={(event) => update('expiry', formatExpiry(event.target.value))}
        onBlur={touch('expiry')}
      />
      <TextField
        label="CVC"
        name="cvc"
        autoComplete="cc-csc"
        inputMode="numeric"
        placeholder="123"
        value={values.cvc}
        error={errors.cvc ?? undefined}
        onChange={(event) => update('cvc', formatCvc(event.target.value))}
        onBlur={touch('cvc')}
      />
    </div>
  );
}
