import { EventEmitter } from 'node:events';
import type { MenuItem } from '@tableserve/contract/menu';
import type { StaffOrder } from '@tableserve/contract/owner-orders';

/**
 * What the services announce. Services never touch sockets: the realtime plugin alone decides
 * who hears what (docs/product/platform.md#stack).
 */
export type DomainEvents = {
  'order.created': { restaurantId: number; customerId: number | null; order: StaffOrder };
  'order.updated': {
    restaurantId: number;
    customerId: number | null;
    order: StaffOrder;
    /** An order the staff never saw (still awaiting its payment): only its diner hears of it. */
    dinerOnly?: boolean;
  };
  /** A restaurant's record or its menu changed (committed): what diners see must follow. */
  'restaurant.changed': { restaurantId: number };
  /**
   * An owner's subscription changed (committed): whether their restaurant's menu is open may
   * have changed with it (checkout, cancellation, the renewal sweep, a Stripe event, linking).
   */
  'subscription.changed': { ownerId: number };
  /** An item left the diner's menu (its count reached 0, or the kitchen's tap) or came back. */
  'menu.sold_out': { restaurantId: number; menuId: number; soldOut: boolean; item?: MenuItem };
  /**
   * A bill's money changed (committed): a payment reserved, confirmed or refused, an order added
   * to it, a refund. Diners at the table and the staff see paid and outstanding follow.
   */
  'bill.updated': { restaurantId: number; billId: number; tableNumber: number | null };
  /** A card payment was confirmed by the provider's webhook (committed): its receipt is due. */
  'payment.succeeded': { restaurantId: number; billId: number; paymentId: number };
  /** A refund was confirmed by the provider (committed). */
  'refund.succeeded': { restaurantId: number; orderId: number; refundId: number };
  /** A soft delete: the order leaves the staff's lists. */
  'order.deleted': { restaurantId: number; customerId: number | null; orderId: number };
};

export type DomainEventBus = {
  emit<K extends keyof DomainEvents>(name: K, event: DomainEvents[K]): void;
  on<K extends keyof DomainEvents>(name: K, listener: (event: DomainEvents[K]) => void): void;
};

export function createDomainEventBus(): DomainEventBus {
  const emitter = new EventEmitter();
  return {
    emit: (name, event) => emitter.emit(name, event),
    on: (name, listener) => emitter.on(name, listener),
  };
}
