import { z } from 'zod';
import { PAYMENT_STATES, PAYMENT_TIMINGS } from './bill';
import { BillTax } from './bills';
import { digits, id, latitude, longitude, text, timeOfDay, token } from './fields';
import { ChosenOption, ChosenOptionIds } from './item-options';
import { MAX_ORDER_LINES, MAX_QUANTITY } from './order-limits';
import { PageQuery, Pagination } from './pagination';

/** Orders (docs/product/ordering.md#place-order / Order summary, docs/product/order-statuses.md#progress-steps; docs/product/order-statuses.md#status-machine). */
export const ORDER_STATUSES = ['Pending', 'Approved', 'Ready', 'Completed', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The status machine: Completed and Cancelled are final. Ready → Approved is the kitchen's recall
 * of an order bumped by mistake (docs/product/staff-screens.md#kitchen, ADR 016): back to cooking, until it is paid.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  Pending: ['Approved', 'Ready', 'Cancelled'],
  Approved: ['Ready', 'Cancelled'],
  Ready: ['Completed', 'Approved'],
  Completed: [],
  Cancelled: [],
};

export const ORDER_TYPES = ['dine-in', 'pickup'] as const;
export { MAX_ORDER_LINES, MAX_QUANTITY } from './order-limits';

export const OrderLineInput = z.strictObject({
  menu_item_id: id,
  quantity: z
    .number('Quantity must be a whole number')
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY}`),
  /** The chosen options' ids (docs/decisions/017-item-options.md): checked and priced by the server. */
  options: ChosenOptionIds.optional(),
});

/** At most this many entries in an order's customer_details. */
export const MAX_CUSTOMER_DETAILS = 20;

/**
 * What the checkout sends about the diner (name, email, phone): never read, as the server takes
 * them from the diner's account, but bounded like every input: a few flat entries, each key a
 * word and each value a short line, a number, a yes/no or null.
 */
const CustomerDetails = z
  .record(
    token(64, { pattern: /^[A-Za-z0-9_]+$/, message: 'Customer details: unknown field name' }),
    z.union([text('Customer details', 500), z.number(), z.boolean(), z.null()]),
  )
  .refine(
    (details) => Object.keys(details).length <= MAX_CUSTOMER_DETAILS,
    `Customer details can have at most ${MAX_CUSTOMER_DETAILS} fields`,
  );

/** At most this many diners in one party (docs/decisions/020-money-model.md). */
export const MAX_PARTY_SIZE = 50;
export const partySize = z
  .number('Party size must be a whole number')
  .int('Party size must be a whole number')
  .min(1, 'Party size must be at least 1')
  .max(MAX_PARTY_SIZE, `Party size must be at most ${MAX_PARTY_SIZE}`);

export const PlaceOrderBody = z.object({
  restaurant_id: id,
  // The checkout form's details; the server takes name and phone from the customer's account.
  customer_details: CustomerDetails.nullish(),
  order_items: z
    .array(OrderLineInput)
    .min(1, 'Your cart is empty.')
    .max(MAX_ORDER_LINES, `An order can have at most ${MAX_ORDER_LINES} lines`),
  order_type: z.enum(ORDER_TYPES),
  // Empty for pickup; the client may send it as text from a select. Blank means no table.
  table_no: z
    .union(
      [z.number().int(), digits(6).transform((value) => (value === '' ? null : Number(value))), z.null()],
      'Table number must be a whole number',
    )
    .optional(),
  is_guest: z.boolean().optional(),
  order_time: timeOfDay.optional(),
  customer_location: z.object({ latitude, longitude }).nullable().optional(),
  /** How many diners the order is for: asked only when the service charge has a minimum party. */
  party_size: partySize.optional(),
});
export type PlaceOrderBody = z.input<typeof PlaceOrderBody>;
/** The payload once parsed (ids numbers, a blank table null): what the server works with. */
export type PlaceOrder = z.output<typeof PlaceOrderBody>;

export const PlaceOrderResponse = z.object({
  message: z.string(),
  order_id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  total_amount: z.number(),
  /** The bill it is paid on, when the restaurant is paid online (docs/decisions/020-money-model.md). */
  bill_id: z.number().int().optional(),
});
export type PlaceOrderResponse = z.infer<typeof PlaceOrderResponse>;

export const OrderLine = z.object({
  menu_item_id: z.number().int(),
  product_name: z.string(),
  quantity: z.number().int(),
  /** The unit price, options included. */
  price: z.number(),
  /** What was chosen, as it was then; absent from servers before options. */
  options: z.array(ChosenOption).default([]),
  /** The line's tax (added, or contained when the order's tax is included); absent before taxes. */
  tax: z.number().optional(),
});
export type OrderLine = z.infer<typeof OrderLine>;

/**
 * An order's figures (docs/decisions/020-money-model.md), in dollars, beside its total_amount
 * (what it costs before tips). Optional: absent from servers before the money model.
 */
export const OrderMoney = z.object({
  /** The lines' amounts, as the menu priced them. */
  subtotal: z.number().optional(),
  tax: z.number().optional(),
  /** True when the prices contain the tax: shown, not added. */
  tax_included: z.boolean().optional(),
  taxes: z.array(BillTax).optional(),
  service: z.number().optional(),
  /** When the restaurant was paid for it, as it was when it was placed. */
  payment_timing: z.enum(PAYMENT_TIMINGS).optional(),
  payment_state: z.enum(PAYMENT_STATES).optional(),
  /**
   * What went back to the diners' cards, confirmed by the provider (a cancel, a delete, an edit
   * down or a staff refund: docs/product/payments.md#order-changes); absent when nothing was.
   */
  refunded: z.number().optional(),
});
export type OrderMoney = z.infer<typeof OrderMoney>;

export const OrderSummary = OrderMoney.extend({
  order_id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  total_amount: z.number(),
  items: z.array(OrderLine),
  restaurant_id: z.number().int(),
  restaurant_name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  phone: z.string(),
  order_type: z.enum(ORDER_TYPES),
  table_number: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const OrderSummaryParams = z.strictObject({ restaurant_id: id, order_id: id });
export const OrderStatusQuery = z.strictObject({ restaurant_id: id, order_id: id });
export const OrderStatusResponse = z.object({ order_id: z.number().int(), status: z.enum(ORDER_STATUSES) });

export const CustomerOrdersParams = z.strictObject({ customer_id: id });
export const CustomerOrdersQuery = PageQuery.strict();
export const CustomerOrdersResponse = z.object({ orders: z.array(OrderSummary), pagination: Pagination });

export const UpdateOrderStatusParams = z.strictObject({ restaurant_id: id, order_id: id });
export const UpdateOrderStatusBody = z.strictObject({ status: z.enum(ORDER_STATUSES) });

/** The diner's texts (docs/product/ordering.md#checkout, docs/product/order-statuses.md#status-machine). */
export const orderMessages = {
  loginFirst: 'Please log in or continue as guest',
  selectTable: 'Please select a table number for dine-in order',
  locationFailed: 'Failed to get location',
  placeFailed: 'Error placing order',
  processing: 'Processing Order...',
  cancelled: 'Your Order is Cancelled',
  trackFailed: 'Failed to fetch order status. Please try again later.',
  restaurantFailed: 'Error fetching restaurant details',
} as const;

/** An order's payment state as its pill says it (docs/decisions/020-money-model.md). */
export const paymentStateLabels: Record<(typeof PAYMENT_STATES)[number], string> = {
  unpaid: 'Unpaid',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  partly_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

/** The server's own texts for orders. */
export const orderServerMessages = {
  placed: 'Order placed successfully',
  notFound: 'Order not found',
  restaurantNotFound: 'Restaurant not found',
  tableRequired: orderMessages.selectTable,
  tableOutOfRange: (tables: number) => `Please choose a table from 1 to ${tables}`,
  noTables: 'This restaurant does not take dine-in orders',
  pickupNeedsLocation: 'A pickup order needs your location',
  notOnMenu: (menuItemId: number) => `Item ${menuItemId} is not on this restaurant's menu`,
  unavailable: (name: string) => `${name} is no longer available`,
  soldOut: (name: string) => `Sorry, ${name} is sold out`,
  onlyLeft: (name: string, left: number) => `Sorry, only ${left} ${name} left. Please lower the quantity.`,
  statusUpdated: (status: string) => `Order marked as ${status}`,
  illegalTransition: (from: string, to: string) => `Cannot change an order from ${from} to ${to}`,
} as const;
