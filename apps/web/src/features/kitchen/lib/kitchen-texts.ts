import type { StaffOrder } from '@tableserve/contract/owner-orders';
import { ownerOrderMessages } from '@tableserve/contract/owner-orders';

/**
 * The Kitchen Management screen's own words. The spec's texts ('Mark as Ready', 'No Orders
 * Present', the load and status failures, 'Pick-up') come from ownerOrderMessages; these are the
 * labels it leaves to us.
 */
export const kitchenTexts = {
  title: 'Kitchen Management',
  lead: "Today's orders, oldest first. Mark each one ready when it leaves the pass.",
  soundOn: 'Sound on',
  soundOff: 'Sound off',
  soundHint: 'Play a chime when a new order arrives',
  largeType: 'Large type',
  largeTypeHint: 'Bigger cards, to read the board from across the kitchen',
  toCook: 'To cook',
  ready: 'Ready',
  doneToday: 'Done today',
  allCaughtUp: 'All caught up: nothing to cook right now.',
  noOrdersHint: "New orders appear here as soon as they're placed.",
  newTag: 'New',
  markingReady: 'Marking as Ready…',
  readyToServe: 'Ready to serve',
  readyForPickUp: 'Ready for pick-up',
  note: 'Note',
  timeSinceChange: 'Time since its last change',
  tryAgain: 'Try again',
  fullScreen: 'Full screen',
  exitFullScreen: 'Exit full screen',
  loading: "Loading today's orders",
  timings: 'Timings',
  timingsTitle: 'When an order is late',
  timingsHint: 'Cards of orders still to cook turn amber, then red, this many minutes after the order.',
  amberAfter: 'Amber after (min)',
  redAfter: 'Red after (min)',
  saveTimings: 'Save timings',
  recall: (orderId: number) => `Recall #${orderId}`,
  recalling: 'Recalling…',
  recallHint: 'Back to cooking: the order bumped last',
  recalled: (orderId: number) => `Order #${orderId} is back to cooking`,
  soldOut: 'Sold out',
  soldOutTitle: "What's sold out",
  soldOutHint: "Tap a dish to take it off diners' menus at once; tap it again when it's back.",
  soldOutNothing: 'No dishes on the menu yet.',
  close: 'Close',
  onTheMenu: 'On the menu',
  waiting: (minutes: number) => `Waiting ${minutes} min`,
  late: (minutes: number) => `Late · ${minutes} min`,
  table: (tableNumber: number) => `Table ${tableNumber}`,
  orderNumber: (orderId: number) => `#${orderId}`,
  orderLabel: (orderId: number) => `Order #${orderId}`,
} as const;

/** Where the order goes: 'Table 4', or 'Pick-up' for an order without a table (docs/product/staff-screens.md#kitchen). */
export const kitchenDestination = (order: Pick<StaffOrder, 'table_number'>) =>
  order.table_number === null ? ownerOrderMessages.pickUp : kitchenTexts.table(order.table_number);

/** What a screen reader hears when an order arrives while the screen is open. */
export const newOrderAnnouncement = (order: StaffOrder) =>
  `New order ${kitchenTexts.orderNumber(order.order_id)}, ${kitchenDestination(order)}`;
