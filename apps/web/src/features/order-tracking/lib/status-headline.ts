import type { OrderSummary } from '@tableserve/contract/order';

/** A friendly line above the checklist, saying what the status means for the diner. */
export function statusHeadline({ status, order_type }: Pick<OrderSummary, 'status' | 'order_type'>): string {
  switch (status) {
    case 'Pending':
      return "We've received your order";
    case 'Approved':
      return 'The restaurant has confirmed your order';
    case 'Ready':
      return order_type === 'pickup' ? 'Your order is ready for pickup' : 'Your order is ready';
    case 'Completed':
      return 'Your order is complete. Enjoy!';
    case 'Cancelled':
      return "Sorry, this order won't be prepared";
  }
}
