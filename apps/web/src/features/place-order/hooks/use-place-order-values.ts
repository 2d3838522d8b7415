import { useState } from 'react';
import {
  emptyPlaceOrderValues,
  newRow,
  type PlaceOrderErrors,
  type PlaceOrderRow,
  type PlaceOrderValues,
} from '../lib/place-order-form';

/** Which error an edit of a field clears. */
const errorOf = {
  customerName: 'customer_name',
  phoneNumber: 'phone_number',
  details: 'other_order_details',
  table: 'items',
  rows: 'items',
} as const satisfies Record<keyof PlaceOrderValues, keyof PlaceOrderErrors>;

/** What the Place Order form holds and the errors it shows: an edit clears the error it answers. */
export function usePlaceOrderValues() {
  const [values, setValues] = useState<PlaceOrderValues>(emptyPlaceOrderValues);
  const [errors, setErrors] = useState<PlaceOrderErrors>({});

  function set<K extends keyof PlaceOrderValues>(field: K, value: PlaceOrderValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [errorOf[field]]: undefined }));
  }

  function setRow(key: number, change: Partial<PlaceOrderRow>) {
    setValues((current) => ({
      ...current,
      rows: current.rows.map((row) => (row.key === key ? { ...row, ...change } : row)),
    }));
    if ('menuId' in change || 'options' in change)
      setErrors((current) => {
        const { [key]: _, ...rows } = current.rows ?? {};
        return { ...current, rows, items: undefined };
      });
  }

  return {
    values,
    errors,
    setErrors,
    set,
    setRow,
    addRow: () => set('rows', [...values.rows, newRow()]),
    removeRow: (key: number) =>
      setValues((current) => ({ ...current, rows: current.rows.filter((row) => row.key !== key) })),
    reset: () => setValues(emptyPlaceOrderValues()),
  };
}

export type PlaceOrderFormState = ReturnType<typeof usePlaceOrderValues>;
