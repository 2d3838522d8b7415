import { UserRound } from 'lucide-react';
import { TextField } from '@/components/ui/field';
import { FormSection } from '@/components/ui/form-section';
import { PhoneField } from '@/components/ui/phone-field';
import type { PlaceOrderFormState } from '../hooks/use-place-order-values';
import { tableChoices } from '../lib/place-order-form';
import { TableSelect } from './table-select';

type CustomerFieldsProps = {
  form: PlaceOrderFormState;
  /** undefined while loading or when the restaurant could not be read: Pick-up only. */
  numberOfTables: number | undefined;
};

/** Who the order is for and where it goes: name, phone, and pick-up or a table. */
export function CustomerFields({ form: { values, errors, set }, numberOfTables }: CustomerFieldsProps) {
  return (
    <FormSection icon={UserRound} title="Customer">
      <TextField
        label="Customer name"
        name="customer_name"
        autoComplete="off"
        value={values.customerName}
        onChange={(event) => set('customerName', event.target.value)}
        error={errors.customer_name}
        maxLength={100}
        required
      />
      <PhoneField
        label="Phone number"
        value={values.phoneNumber}
        onValueChange={(digits) => set('phoneNumber', digits)}
        error={errors.phone_number}
        autoComplete="off"
        required
      />
      <TableSelect
        value={values.table}
        tables={tableChoices(numberOfTables)}
        unknown={numberOfTables === undefined}
        onChange={(table) => set('table', table)}
      />
    </FormSection>
  );
}
