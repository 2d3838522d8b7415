import { cartMessages } from '@tableserve/contract/cart';
import { MAX_PARTY_SIZE, orderMessages } from '@tableserve/contract/order';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import type { CustomerData } from '@/session/diner/customer-session';
import type { LocationStatus } from '../hooks/use-customer-location';
import type { OrderChoice, OrderType } from '../lib/order-payload';
import { OrderTypeToggle } from './order-type-toggle';
import { PickupLocation } from './pickup-location';
import { TableSelect } from './table-select';
import { WelcomeBanner } from './welcome-banner';

export const ORDER_FORM_ID = 'checkout-order-form';

type OrderFormProps = {
  customer: CustomerData;
  /** number_of_tables, or null while the restaurant is loading or could not be loaded. */
  tables: number | null;
  restaurantFailed: boolean;
  locationStatus: LocationStatus;
  onLocate: () => void;
  onSubmit: (choice: OrderChoice) => void;
  justSignedIn: boolean;
  /** The table of the code the diner scanned (ADR 013): dine-in at it is chosen already. */
  tableFromCode: number | null;
  /** Told of Pickup / Dine In: the summary's service charge depends on it. */
  onOrderTypeChange?: (type: OrderType) => void;
  /** Asked when the service charge applies from a minimum party (docs/decisions/020-money-model.md). */
  partySize?:
    | { minParty: number; value: number | null; onChange: (value: number | null) => void }
    | undefined;
};

/**
 * The order form once the diner is known (docs/product/ordering.md#checkout): welcome, Pickup / Dine In, the
 * table for dine-in, and the location for pickup. Its Submit button sits in the summary.
 */
export function OrderForm({
  customer,
  tables,
  restaurantFailed,
  locationStatus,
  onLocate,
  onSubmit,
  justSignedIn,
  tableFromCode,
  onOrderTypeChange,
  partySize,
}: OrderFormProps) {
  const [orderType, setOrderType] = useState<OrderType>('dine-in');
  const [tableNo, setTableNo] = useState<number | null>(tableFromCode);
  const noTables = tables === 0;
  const tableSelect = useRef<HTMLSelectElement>(null);

  function chooseType(next: OrderType) {
    setOrderType(next);
    onOrderTypeChange?.(next);
    // docs/product/ordering.md#checkout: switching the order type clears the table number; back to dine-in, the
    // table of the diner's code is still where they sit.
    setTableNo(next === 'dine-in' ? tableFromCode : null);
    if (next === 'pickup' && locationStatus !== 'ready') onLocate();
  }

  // A restaurant without tables takes pickup orders only.
  useEffect(() => {
    if (noTables && orderType === 'dine-in') chooseType('pickup');
  }, [noTables]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The submit rules say what is missing; the table select is where to fix it.
    if (orderType === 'dine-in' && tableNo === null) tableSelect.current?.focus();
    onSubmit({ orderType, tableNo: orderType === 'dine-in' ? tableNo : null });
  }

  return (
    <Card className="p-5 md:p-6">
      <WelcomeBanner customer={customer} takeFocus={justSignedIn} />
      <form
        id={ORDER_FORM_ID}
        noValidate
        onSubmit={submit}
        aria-label="Order details"
        className="mt-5 flex flex-col gap-5 border-t border-stone-100 pt-5"
      >
        <OrderTypeToggle value={orderType} onChange={chooseType} dineInDisabled={noTables} />
        {orderType === 'dine-in' &&
          (restaurantFailed ? (
            <Alert type="error">{orderMessages.restaurantFailed}</Alert>
          ) : (
            <TableSelect
              ref={tableSelect}
              tables={tables ?? 0}
              value={tableNo}
              onChange={setTableNo}
              loading={tables === null}
              fromCode={tableNo !== null && tableNo === tableFromCode}
            />
          ))}
        {orderType === 'dine-in' && partySize && <PartySizeField {...partySize} />}
        {orderType === 'pickup' && <PickupLocation status={locationStatus} onLocate={onLocate} />}
        {noTables && <p className="text-sm text-stone-500">This restaurant takes pickup orders only.</p>}
      </form>
    </Card>
  );
}

/** "Guests at the table": how many the order is for, when a minimum party pays the service charge. */
function PartySizeField({ minParty, value, onChange }: NonNullable<OrderFormProps['partySize']>) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="party-size" className="text-sm font-medium text-stone-800">
        {cartMessages.partySize}
      </label>
      <input
        id="party-size"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_PARTY_SIZE}
        step={1}
        value={value ?? ''}
        aria-describedby="party-size-hint"
        onChange={(event) => {
          const parsed = Number.parseInt(event.target.value, 10);
          onChange(Number.isInteger(parsed) && parsed >= 1 && parsed <= MAX_PARTY_SIZE ? parsed : null);
        }}
        className="min-h-11 w-28 rounded-lg border border-stone-300 px-3 text-base tabular-nums"
      />
      <p id="party-size-hint" className="text-sm text-stone-500">
        {cartMessages.partySizeHint(minParty)}
      </p>
    </div>
  );
}
