import type { OrderStatus } from './order';

/**
 * The diner's order-tracking texts that docs/product/ordering.md#order-status-page (Order status, Customer orders, Track
 * order), docs/product/order-statuses.md#progress-steps and docs/product/subscriptions.md#cancellation give. Texts already in `order.ts` (orderMessages.cancelled,
 * orderMessages.trackFailed) and `cart.ts` (cartMessages.backToMenu) are not repeated here.
 */
export const orderTrackingMessages = {
  steps: {
    received: 'Order Received',
    confirmed: 'Order Confirmed',
    preparing: 'Being Prepared',
    ready: 'Ready',
    complete: 'Complete',
  },
  activeOrdersTitle: 'Your Active Orders',
  noOrders: 'No Orders Present',
  trackOrderStatus: 'Track Order Status',
  moreItems: (count: number) => `+${count} more items`,
  orderNumber: (orderId: number) => `Order #${orderId}`,
  statusPrefix: 'Your order status: ',
  /**
   * What went back to the diner's card: an order cancelled after it was paid, by the staff or the
   * unpaid-order sweep, or changed (docs/product/payments.md#order-changes).
   */
  refundedToCard: (amount: string) => `Refunded ${amount} to your card`,
} as const;

/**
 * The progress checklist, in order (docs/product/order-statuses.md#progress-steps): each step with the status
 * that reaches it. Approved names two steps; the first of them decides the position.
 */
export const ORDER_PROGRESS_STEPS: readonly { label: string; status: OrderStatus }[] = [
  { label: orderTrackingMessages.steps.received, status: 'Pending' },
  { label: orderTrackingMessages.steps.confirmed, status: 'Approved' },
  { label: orderTrackingMessages.steps.preparing, status: 'Approved' },
  { label: orderTrackingMessages.steps.ready, status: 'Ready' },
  { label: orderTrackingMessages.steps.complete, status: 'Completed' },
];

/** docs/product/ordering.md#order-status-page: the order details show 3 items before the expander. */
export const ORDER_DETAILS_PREVIEW_COUNT = 3;
