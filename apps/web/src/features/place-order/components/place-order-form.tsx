import type { MenuItem } from '@tableserve/contract/menu';
import { NotebookPen } from 'lucide-react';
import { useRef } from 'react';
import { Card } from '@/components/ui/card';
import { TextAreaField } from '@/components/ui/field';
import { FormSection } from '@/components/ui/form-section';
import { usePlaceOrderValues } from '../hooks/use-place-order-values';
import { useSubmitPlaceOrder } from '../hooks/use-submit-place-order';
import { DETAILS_MAX, estimatedTotal } from '../lib/place-order-form';
import { CustomerFields } from './customer-fields';
import { ItemPicker } from './item-picker';
import { OrderTotalBar } from './order-total-bar';

type PlaceOrderFormProps = {
  restaurantId: number;
  userId: number;
  token: string;
  /** The menu's items that can be ordered now: available and not sold out. */
  menu: MenuItem[];
  /** undefined while loading or when the restaurant could not be read: Pick-up only. */
  numberOfTables: number | undefined;
  /** Called when the server refuses the owner's token. */
  onRefused: () => void;
};

/**
 * The owner's Place Order form (docs/product/staff-screens.md#owner-place-order): "a plain form",
 * kept to one tidy card.
 */
export function PlaceOrderForm({ numberOfTables, ...caller }: PlaceOrderFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = usePlaceOrderValues();
  const { submit, placing, serverMessage } = useSubmitPlaceOrder({
    ...caller,
    form,
    onInvalid: () =>
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      ),
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Place order">
      <Card>
        <CustomerFields form={form} numberOfTables={numberOfTables} />
        <ItemPicker form={form} menu={caller.menu} />
        <FormSection icon={NotebookPen} title="Notes">
          <TextAreaField
            label="Other order details"
            name="other_order_details"
            rows={3}
            className="md:col-span-2 [&_textarea]:min-h-24"
            hint="Optional: allergies, a pick-up time, anything the kitchen should know."
            value={form.values.details}
            maxLength={DETAILS_MAX}
            onChange={(event) => form.set('details', event.target.value)}
            error={form.errors.other_order_details}
          />
        </FormSection>
        <OrderTotalBar
          total={estimatedTotal(form.values.rows, caller.menu)}
          serverMessage={serverMessage}
          placing={placing}
        />
      </Card>
    </form>
  );
}
