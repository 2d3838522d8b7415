import { z } from 'zod';
import { ALLERGENS } from './allergens';
import { dollars, id, isoDate, optionalText, phone, requiredText } from './fields';
import { ChosenOptionIds } from './item-options';
import { pagerMessages } from './messages';
import {
  MAX_ORDER_LINES,
  MAX_QUANTITY,
  ORDER_STATUSES,
  ORDER_TYPES,
  OrderLine,
  OrderMoney,
  partySize,
} from './order';
import { MAX_PER_PAGE, PageQuery, Pagination } from './pagination';

/**
 * The restaurant's side of orders (docs/product/staff-screens.md#order-summary, Order Management, Kitchen
 * Management, Place Order form, Daily Sales Report; docs/product/staff-screens.md#order-summary, Owner place-order form, Daily sales
 * response, Pagination; docs/product/order-statuses.md#status-machine and business day).
 */

export { isoDate } from './fields';

/**
 * A line as the staff see it: with the allergens its menu item has now (docs/decisions/012-allergens-and-dietary-tags.md), so the
 * kitchen cooks to the current recipe. Absent from servers before allergens: read as none.
 */
export const StaffOrderLine = OrderLine.extend({ allergens: z.array(z.enum(ALLERGENS)).default([]) });
export type StaffOrderLine = z.infer<typeof StaffOrderLine>;

/** An order as the staff see it: who ordered, for which table, and what. */
export const StaffOrder = OrderMoney.extend({
  order_id: z.number().int(),
  restaurant_id: z.number().int(),
  customer_name: z.string(),
  phone_number: z.string(),
  /** Null means pick-up (docs/product/staff-screens.md#order-summary). */
  table_number: z.number().int().nullable(),
  order_type: z.enum(ORDER_TYPES),
  total_amount: z.number(),
  status: z.enum(ORDER_STATUSES),
  /** The restaurant's business day the order belongs to, YYYY-MM-DD in its time zone. */
  order_date: z.string(),
  /** The walk-in or phone order's note from the owner's form; null for a diner's order. */
  other_order_details: z.string().nullable(),
  /** 'staff' when the owner entered it (walk-in, phone), 'diner' when placed from the menu. */
  placed_by: z.enum(['diner', 'staff']),
  created_at: z.string(),
  updated_at: z.string(),
  items: z.array(StaffOrderLine),
});
export type StaffOrder = z.infer<typeof StaffOrder>;

export const RestaurantParams = z.strictObject({ restaurant_id: id });
export const RestaurantOrderParams = z.strictObject({ restaurant_id: id, order_id: id });
export const OrderParams = z.strictObject({ order_id: id });

/** Order Summary's filter: pending means still open (Pending, Approved or Ready: not yet paid). */
export const ORDER_FILTERS = ['pending', 'completed', 'cancelled', 'all'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];
export const ORDER_SORTS = ['newest', 'oldest'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export const OrderSummaryListQuery = PageQuery.extend({
  filter: z.enum(ORDER_FILTERS).default('all'),
  sort: z.enum(ORDER_SORTS).default('newest'),
  /** A customer name (any part, any case) or an order id ('12' or '#12'). */
  search: optionalText('Search', 100),
}).strict();
export type OrderSummaryListQuery = z.input<typeof OrderSummaryListQuery>;

export const OrderSummaryPagination = Pagination.extend({
  /** Orders of the restaurant's current business day, and those of them already paid. */
  working_hours_total_orders: z.number().int(),
  working_hours_paid_orders: z.number().int(),
  /** The business day those counters cover (YYYY-MM-DD, the restaurant's zone): "today". */
  working_hours_date: z.string(),
});
export type OrderSummaryPagination = z.infer<typeof OrderSummaryPagination>;

export const OrderSummaryListResponse = z.object({
  orders: z.array(StaffOrder),
  pagination: OrderSummaryPagination,
});
export type OrderSummaryListResponse = z.infer<typeof OrderSummaryListResponse>;

export const OwnerOrdersQuery = PageQuery.strict();
export const OwnerOrdersResponse = z.object({ orders: z.array(StaffOrder), pagination: Pagination });
export type OwnerOrdersResponse = z.infer<typeof OwnerOrdersResponse>;

export const KitchenOrdersResponse = z.object({ orders: z.array(StaffOrder) });
export type KitchenOrdersResponse = z.infer<typeof KitchenOrdersResponse>;

export const OrderActionResponse = z.object({ message: z.string(), order: StaffOrder });
export type OrderActionResponse = z.infer<typeof OrderActionResponse>;

const quantity = z
  .number('Quantity must be a whole number')
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY}`);

/** Order Management's edit: the order's new lines; the client's total is ignored. */
export const UpdateOrderBody = z.object({
  order_items: z
    .array(
      // Lines come back as the list showed them (with name and price): only id and quantity count.
      z.object({ menu_item_id: id, quantity, options: ChosenOptionIds.optional() }),
    )
    .min(1, 'An order needs at least one item')
    .max(MAX_ORDER_LINES, `An order can have at most ${MAX_ORDER_LINES} lines`),
  total_amount: z.number().optional(),
});
export type UpdateOrderBody = z.input<typeof UpdateOrderBody>;

/** 'Mark Selected as Paid': every order Ready and of this restaurant, or nothing changes. */
export const MarkPaidBatchBody = z.strictObject({
  order_ids: z
    .array(id)
    .min(1, 'Select at least one order')
    .max(MAX_PER_PAGE * 4, `At most ${MAX_PER_PAGE * 4} orders at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'An order is listed twice'),
});
export type MarkPaidBatchBody = z.input<typeof MarkPaidBatchBody>;
export const MarkPaidBatchResponse = z.object({ message: z.string(), orders: z.array(StaffOrder) });

/** The owner's Place Order form (docs/product/staff-screens.md#owner-place-order), for walk-in and phone orders. */
export const OwnerPlaceOrderBody = z.strictObject({
  restaurant_id: id,
  user_id: id,
  customer_name: requiredText('Customer name'),
  phone_number: phone,
  /** Required by the form, never trusted: the server prices the order. */
  total_amount: dollars('Total amount'),
  other_order_details: optionalText('Other order details', 500, { multiline: true }),
  /** Optional: a walk-in seated at a table; empty means pick-up. */
  table_number: z.number().int('Table number must be a whole number').min(1).nullable().optional(),
  /** How many diners a table's walk-in is for: asked only when the service charge has a minimum party. */
  party_size: partySize.optional(),
  items: z
    .array(z.strictObject({ menu_id: id, quantity, options: ChosenOptionIds.optional() }))
    .min(1, 'Add at least one item')
    .max(MAX_ORDER_LINES, `An order can have at most ${MAX_ORDER_LINES} lines`),
});
export type OwnerPlaceOrderBody = z.input<typeof OwnerPlaceOrderBody>;
export type OwnerPlaceOrder = z.output<typeof OwnerPlaceOrderBody>;

export const DailySalesQuery = z.strictObject({ date: isoDate('Date') });
export const DailySalesOrder = z.object({
  order_id: z.number().int(),
  table_number: z.number().int().nullable(),
  status: z.enum(ORDER_STATUSES),
  total_amount: z.number(),
  created_at: z.string(),
  /** Its lines with their options (docs/decisions/017-item-options.md), for the report's items CSV. */
  items: z.array(OrderLine).default([]),
});
export const DailySalesResponse = z.object({
  date: z.string(),
  /** The restaurant's IANA time zone, the one `date` is read in: its times show in that zone. */
  timezone: z.string(),
  /** Paid (Completed) orders only. */
  total_revenue: z.number(),
  total_orders: z.number().int(),
  orders: z.array(DailySalesOrder),
});
export type DailySalesResponse = z.infer<typeof DailySalesResponse>;

/** The server's texts for the restaurant's order actions. */
export const ownerOrderServerMessages = {
  approved: 'Order approved',
  updated: 'Order updated',
  deleted: 'Order deleted',
  markedPaid: (count: number) => (count === 1 ? 'Order marked as paid' : `${count} orders marked as paid`),
  onlyPendingEditable: 'Only a Pending order can be edited',
  onlyPendingApprovable: 'Only a Pending order can be approved',
  completedNotDeletable: 'A completed order cannot be deleted',
  notReady: (orderId: number) => `Order #${orderId} is not Ready, so it cannot be marked as paid`,
} as const;

/** The owner's screens' texts (docs/product/staff-screens.md#owner-place-order). */
export const ownerOrderMessages = {
  loadFailed: 'Failed to load orders. Please try again later.',
  statusFailed: (status: string) => `Failed to update order status to ${status}. Please try again later.`,
  noOrders: 'No Orders Present',
  placeFailed: 'Error placing order',
  pageOf: pagerMessages.pageOf,
  totalSelected: 'Total Selected',
  markSelectedPaid: 'Mark Selected as Paid',
  markPaid: 'Mark as Paid',
  markReady: 'Mark as Ready',
  approve: 'Approve',
  updateOrder: 'Update Order',
  deleteOrder: 'Delete Order',
  /** The two-step delete's question (docs/product/staff-screens.md#order-management). */
  deleteQuestion: (orderId: number) => `Delete order #${orderId}? This cannot be undone.`,
  confirmDelete: 'Confirm Delete',
  cancel: 'Cancel',
  showAll: 'Show All',
  salesReport: 'Sales Report',
  totalOrders: 'Total Orders',
  paidOrders: 'Paid Orders',
  pickUp: 'Pick-up',
  filters: {
    pending: 'Pending Orders',
    completed: 'Completed Orders',
    cancelled: 'Cancelled Orders',
    all: 'All Orders',
  } satisfies Record<OrderFilter, string>,
  sorts: { newest: 'Newest First', oldest: 'Oldest First' } satisfies Record<OrderSort, string>,
  columns: ['Select', 'Table', 'Order Details', 'Customer', 'Total', 'Status', 'Action'],
  salesCsvColumns: ['Order ID', 'Table Number', 'Status', 'Total Amount', 'Date'],
  salesCsvName: (date: string) => `Daily_Sales_${date}`,
  // Order Management and the Place Order form (docs/product/staff-screens.md#owner-place-order).
  showLess: 'Show Less',
  addItems: 'Add Items',
  /** A quiet secondary text under an approve, update or delete that failed (docs/product/staff-screens.md#quiet-failures only logs them). */
  saveFailed: 'Could not save. Please try again.',
  orderDeleted: (orderId: number) => `Order #${orderId} deleted`,
  placeOrder: 'Place Order',
  placingOrder: 'Placing Order...',
  // Order Summary and the Daily Sales Report widget (docs/product/staff-screens.md#quiet-failures).
  today: 'Today',
  reportDate: 'Report date',
  viewReport: 'View report',
  dailySalesTitle: 'Daily Sales Report',
  totalRevenue: 'Total Revenue',
  exportCsv: 'Export CSV',
  close: 'Close',
  noSalesData: 'No sales data',
  tryAgain: 'Try again',
  // Before a delete or an edit of an order that may carry money, what the server's preview says
  // it does to the money (docs/product/payments.md#order-changes); the sentence itself is the
  // server's (orderMoneyMessages.refundsTo, asksMore), and so are its refusals (403, 409).
  checkingMoney: 'Checking what this does to the payments…',
  moneyCheckFailed: 'Could not check what this does to the payments.',
  saveQuestion: (orderId: number) => `Save the changes to order #${orderId}?`,
  saveChanges: 'Save changes',
} as const;

/** docs/product/staff-screens.md#owner-place-order: owner order cards show 3 items before 'Show All'. */
export const OWNER_ORDER_PREVIEW_COUNT = 3;
/** docs/product/staff-screens.md#owner-place-order: Order Summary and the owner's order list page 10 orders. */
export const OWNER_PAGE_SIZE = 10;

/**
 * What a cancel, a delete or an edit would do to the money of the order's bill, asked before
 * staff confirm (docs/product/payments.md#order-changes).
 */
export const MoneyPreviewBody = z.discriminatedUnion('change', [
  z.strictObject({ change: z.literal('cancel') }),
  z.strictObject({ change: z.literal('delete') }),
  z.strictObject({ change: z.literal('edit'), order_items: UpdateOrderBody.shape.order_items }),
]);
export type MoneyPreviewBody = z.input<typeof MoneyPreviewBody>;

export const MoneyPreviewResponse = z.object({
  /** What goes back, per card (amount and tip, in dollars). */
  refunds: z.array(z.object({ amount: z.number(), tip: z.number(), card_last4: z.string().nullable() })),
  refund_total: z.number(),
  /** What the bill asks of the table again (an order edited up after it was paid). */
  asks_more: z.number(),
  /** What the confirmation says, or null when no money moves. */
  message: z.string().nullable(),
});
export type MoneyPreviewResponse = z.infer<typeof MoneyPreviewResponse>;
