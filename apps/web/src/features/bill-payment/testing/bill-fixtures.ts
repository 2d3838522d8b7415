import type { BillLine, BillView } from '@tableserve/contract/bills';

/** A line of a bill: $`payable` to pay, unsplit unless said otherwise. */
export function billLine(
  id: number,
  name: string,
  payable: number,
  overrides: Partial<BillLine> = {},
): BillLine {
  return {
    order_item_id: id,
    order_id: 1,
    product_name: name,
    quantity: 1,
    options: [],
    amount: payable,
    tax: 0,
    service: 0,
    payable,
    share_count: 1,
    shares_taken: [],
    left: payable,
    ...overrides,
  };
}

/** Table 4's open bill at Paprika Kitchen: a $30.00 pizza and a $10.01 wine, nothing paid. */
export function billView(overrides: Partial<BillView> = {}): BillView {
  const lines = overrides.lines ?? [billLine(11, 'Margherita Pizza', 30), billLine(12, 'House Red', 10.01)];
  return {
    bill_id: 5,
    restaurant_id: 7,
    restaurant_name: 'Paprika Kitchen',
    table_number: 4,
    status: 'open',
    version: 3,
    tax_included: false,
    lines,
    subtotal: 40.01,
    taxes: [],
    tax: 0,
    service: 0,
    total: 40.01,
    paid: 0,
    pending: 0,
    refunded: 0,
    outstanding: 40.01,
    payments: [],
    ...overrides,
  };
}
