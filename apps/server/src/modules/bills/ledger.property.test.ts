import type { BillView } from '@tableserve/contract/bills';
import { ORDER_TRANSITIONS, type OrderStatus } from '@tableserve/contract/order';
import type { OwnerOrdersResponse } from '@tableserve/contract/owner-orders';
import type { OrderRefundsResponse } from '@tableserve/contract/refunds';
import type { SalesPaymentsResponse } from '@tableserve/contract/sales-money';
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe';
import { type MoneyRows, readMoneyRows, settledMoneyRows } from '../../test/ledger-rows';
import { addMenuItem, type Diner, signUpDiner } from '../../test/orders';
import { ownerWithRestaurant, tableKeyFor } from '../../test/restaurants';
import { deviceTokenFor, type StaffCaller } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The ledger every bill keeps (docs/product/payments.md#ledger), as a property. Random sequences
 * of diners ordering and paying (whole, evenly, an amount, by items with shares, tips of each
 * kind, declined cards, two payments at once, a retried Idempotency-Key, a stale page), staff
 * changing orders that carry money (docs/product/payments.md#order-changes: cancel, delete, edit
 * up and down, approve, Ready, Mark as Paid; the owner, or a Server's tablet), the 15-minute
 * unpaid-order sweep, refunds by amount and by lines, and the provider's webhooks confirming,
 * refusing, replayed and late, all through the API on one fresh restaurant per sequence.
 *
 * Payments go through Stripe's provider against a local fake of Stripe's API (as
 * bills-webhook.test.ts does), so a payment or a refund is pending until this test posts the
 * signed webhook to POST /api/v1/payments/webhook: a step may leave a payment being confirmed
 * while staff change its order, and a replayed event goes through the same signature check.
 *
 * After every step, for every bill of the restaurant, from its rows and from the API's views:
 * Paid − Refunded stays within [0, Due]; Due = (Paid − Refunded) + Being paid + Left to pay;
 * no payment is refunded beyond what it charged; no share of a line is claimed twice nor a line
 * beyond its price; a bill is paid exactly when something is due and nothing is left or being
 * paid; orders read the payment state their bill's money gives them; the day's Money view
 * (docs/product/payments.md#money-in-reports) adds up to the settled bills' money. A refused
 * request, or a replayed event, changes no row.
 *
 * A failure prints the shop, every step with what the API answered, and each rule broken.
 * LEDGER_SEED reproduces a run (printed), LEDGER_RUNS sets how many sequences, LEDGER_STEPS
 * their longest length and LEDGER_TIME_MS how long generating and shrinking may take.
 */
const SEED = Number(process.env.LEDGER_SEED ?? 20_261_202);
const RUNS = Number(process.env.LEDGER_RUNS ?? 25);
const MAX_STEPS = Number(process.env.LEDGER_STEPS ?? 15);
const TIME_MS = Number(process.env.LEDGER_TIME_MS ?? 90_000);

/** What staff read when a change meets money (docs/product/payments.md#order-changes). */
const PAYMENT_PENDING = 'A payment on this bill is being confirmed. Try again in a moment.';
const REFUND_NOT_ALLOWED = 'Only an owner or a manager can change an order that has been paid.';
const CANCELLED_REASON = 'Order cancelled';
const CHANGED_REASON = 'Order changed';
const UNPAID_MINUTES = 15;

const WEBHOOK_SECRET = 'whsec_ledger_property';
let stripe: FakeStripe;
let t: TestApp;
let sweep: () => Promise<{ cancelled: number }>;
/** The sequence running now: the file closes the app only once it has stopped. */
let running: Promise<unknown> = Promise.resolve();
let stopped = false;

beforeAll(async () => {
  console.info(
    `ledger property: seed ${SEED}, ${RUNS} sequences of up to ${MAX_STEPS} steps (LEDGER_SEED / LEDGER_RUNS / LEDGER_STEPS to change)`,
  );
  stripe = await startFakeStripe({ prices: { price_s: 5000 } });
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_ledger',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICES: 'starter=price_s,professional=price_s,enterprise=price_s',
    },
    build: { stripeApi: stripe.api },
  });
  // The app's sweep on the app's own events, run by hand after the clock moves (as app.ts runs it).
  sweep = t.app.unpaidOrdersSweep;
});
afterAll(async () => {
  stopped = true;
  await running.catch(() => undefined);
  await t?.close();
  await stripe?.close();
});

// ---------------------------------------------------------------------------------------------
// What a sequence is made of

type Timing = 'end_of_meal' | 'order';
type Shop = {
  timing: Timing;
  pricesIncludeTax: boolean;
  /** The default tax rate in percent, or none. */
  taxPercent: number | null;
  servicePercent: number;
  pricesCents: number[];
};

type Line = { item: number; quantity: number };
type SplitPick =
  | { kind: 'all' }
  | { kind: 'even'; ways: number; parts: number }
  /** Of what is left: a quarter, half, all of it, one cent, or a cent more than is left. */
  | { kind: 'amount'; of: 'quarter' | 'half' | 'all' | 'cent' | 'over' }
  /** Lines of the bill by their place in it (modulo how many there are). */
  | { kind: 'items'; picks: { line: number; shareCount: number; shares: number }[] };
type TipPick = { kind: 'none' } | { kind: 'percent'; percent: number } | { kind: 'amount'; cents: number };
type Payer = 'diner' | 'table';
type Again = 'once' | 'retry' | 'race' | 'raceSameKey';
type StaffAction = 'cancel' | 'delete' | 'editUp' | 'editDown' | 'edit' | 'approve' | 'ready' | 'markPaid';

type Step =
  | { kind: 'order'; diner: number; lines: Line[] }
  | {
      kind: 'pay';
      /** The bill of this order (its place among those placed, modulo their number). */
      order: number;
      payer: Payer;
      split: SplitPick;
      tip: TipPick;
      declined: boolean;
      stale: boolean;
      /** Leave it pending: its webhook comes in a later confirm step, or never. */
      hold: boolean;
      again: Again;
      other: SplitPick;
    }
  | { kind: 'confirm'; payment: number; fails: boolean }
  | {
      kind: 'staff';
      order: number;
      action: StaffAction;
      byServer: boolean;
      lines: Line[];
      /** Leave the refunds it causes pending at the provider. */
      holdRefunds: boolean;
    }
  | { kind: 'sweep'; holdRefunds: boolean }
  | {
      kind: 'refund';
      order: number;
      what: 'whole' | 'half' | 'cent' | 'line' | 'halfLine';
      line: number;
      holdRefunds: boolean;
    }
  | {
      kind: 'replay';
      what: 'sameEvent' | 'succeededAgain' | 'lateFailure' | 'refundFailsLate';
      which: number;
    }
  | {
      kind: 'payWhileChanged';
      order: number;
      payer: Payer;
      split: SplitPick;
      change: StaffAction;
      lines: Line[];
    };

const cents = (amount: number) => Math.round(amount * 100);
const dollars = (value: number) => `${value < 0 ? '−' : ''}$${(Math.abs(value) / 100).toFixed(2)}`;

function describeSplit(split: SplitPick): string {
  switch (split.kind) {
    case 'all':
      return 'the whole bill';
    case 'even':
      return `evenly, ${split.parts} of ${split.ways} parts`;
    case 'amount':
      return `an amount (${split.of === 'over' ? 'a cent more than is left' : `${split.of} of what is left`})`;
    case 'items':
      return `items [${split.picks.map((pick) => `line ${pick.line}: ${pick.shares} of ${pick.shareCount} shares`).join(', ')}]`;
  }
}
function describeTip(tip: TipPick): string {
  if (tip.kind === 'none') return 'no tip';
  return tip.kind === 'percent' ? `tip ${tip.percent} %` : `tip ${dollars(tip.cents)}`;
}
const describeLines = (lines: Line[]) =>
  lines.map((line) => `${line.quantity}× dish ${line.item}`).join(' + ');

const CHANGE_VERBS: Record<StaffAction, string> = {
  cancel: 'cancels',
  delete: 'deletes',
  editUp: 'edits up',
  editDown: 'edits down',
  edit: 'edits',
  approve: 'approves',
  ready: 'marks Ready',
  markPaid: 'marks as paid',
};

const CHANGES_IT: Record<StaffAction, string> = {
  ...CHANGE_VERBS,
  cancel: 'cancels it',
  delete: 'deletes it',
  editUp: 'edits it up',
  editDown: 'edits it down',
  edit: 'edits it',
};

/**
 * A step as a sentence. "Order n" is the n-th order placed in the sequence and "payment n" the
 * n-th pending payment, counting from 0 and round again past the last.
 */
function describeStep(step: Step): string {
  switch (step.kind) {
    case 'order':
      return `diner ${step.diner} orders ${describeLines(step.lines)}`;
    case 'pay': {
      const again = {
        once: '',
        retry: ', then again with the same Idempotency-Key',
        race: `, while another pays ${describeSplit(step.other)} at the same moment`,
        raceSameKey: ', twice at the same moment with one Idempotency-Key',
      }[step.again];
      return (
        `${step.payer === 'table' ? 'the table (its code)' : 'the diner'} pays the bill of order ${step.order}: ` +
        `${describeSplit(step.split)}, ${describeTip(step.tip)}` +
        `${step.declined ? ', declined card' : ''}${step.stale ? ', from a stale page' : ''}` +
        `${step.hold ? ', left pending' : ''}${again}`
      );
    }
    case 'confirm':
      return `the provider ${step.fails ? 'refuses' : 'confirms'} pending payment ${step.payment} (and confirms pending refunds)`;
    case 'staff': {
      const who = step.byServer ? "a Server's tablet" : 'the owner';
      const to = step.action === 'edit' ? ` to ${describeLines(step.lines)}` : '';
      return `${who} ${CHANGE_VERBS[step.action]} order ${step.order}${to}${step.holdRefunds ? ' (refunds left pending)' : ''}`;
    }
    case 'sweep':
      return `${UNPAID_MINUTES + 1} minutes pass; the unpaid-order sweep runs${step.holdRefunds ? ' (refunds left pending)' : ''}`;
    case 'refund': {
      const what = {
        whole: 'the whole order',
        half: 'half of what is refundable',
        cent: 'one cent',
        line: `line ${step.line}`,
        halfLine: `half of line ${step.line}`,
      }[step.what];
      return `the owner refunds ${what} of order ${step.order}${step.holdRefunds ? ' (left pending)' : ''}`;
    }
    case 'replay':
      return {
        sameEvent: `the provider re-sends delivered event ${step.which} (same id)`,
        succeededAgain: `a new payment_intent.succeeded for settled payment ${step.which}`,
        lateFailure: `a late payment_intent.payment_failed for settled payment ${step.which}`,
        refundFailsLate: `a late refund.updated 'failed' for confirmed refund ${step.which}`,
      }[step.what];
    case 'payWhileChanged':
      return `${step.payer === 'table' ? 'the table' : 'the diner'} pays the bill of order ${step.order} (${describeSplit(step.split)}) while the owner ${step.change === 'edit' ? `edits it to ${describeLines(step.lines)}` : CHANGES_IT[step.change]}, at the same moment`;
  }
}

const shopArb: fc.Arbitrary<Shop> = fc.record({
  timing: fc.constantFrom<Timing>('end_of_meal', 'end_of_meal', 'order'),
  pricesIncludeTax: fc.boolean(),
  taxPercent: fc.constantFrom<number | null>(null, null, 7, 8.875, 20),
  servicePercent: fc.constantFrom(0, 0, 10, 12.5),
  // Two or three dishes between $0.99 and $49.99: odd cents, so shares and taxes round.
  pricesCents: fc.array(fc.integer({ min: 99, max: 4999 }), { minLength: 2, maxLength: 3 }),
});

const lineArb = fc.record({ item: fc.nat(2), quantity: fc.integer({ min: 1, max: 3 }) });
const linesArb = fc.array(lineArb, { minLength: 1, maxLength: 2 });
const splitArb: fc.Arbitrary<SplitPick> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'all' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('even' as const),
      ways: fc.integer({ min: 2, max: 4 }),
      // Up to 5 parts, so sometimes more parts than ways.
      parts: fc.integer({ min: 1, max: 5 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('amount' as const),
      of: fc.constantFrom(
        'quarter' as const,
        'half' as const,
        'all' as const,
        'cent' as const,
        'over' as const,
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('items' as const),
      picks: fc.array(
        fc.record({
          line: fc.nat(5),
          shareCount: fc.integer({ min: 1, max: 3 }),
          shares: fc.integer({ min: 1, max: 3 }),
        }),
        { minLength: 1, maxLength: 2 },
      ),
    }),
  },
);
const tipArb: fc.Arbitrary<TipPick> = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.record({ kind: fc.constant('percent' as const), percent: fc.constantFrom(10, 15, 20) }),
  fc.record({ kind: fc.constant('amount' as const), cents: fc.integer({ min: 1, max: 800 }) }),
);
const order = fc.nat(7);
const staffActionArb = fc.constantFrom<StaffAction>(
  'cancel',
  'cancel',
  'delete',
  'editUp',
  'editDown',
  'editDown',
  'edit',
  'approve',
  'ready',
  'markPaid',
);
/** True one time in five; shrinks to false. */
const rarely = fc.oneof(
  { weight: 4, arbitrary: fc.constant(false) },
  { weight: 1, arbitrary: fc.constant(true) },
);
const holdRefunds = rarely;

/** fast-check prints a counterexample's steps as sentences. */
const shown = (step: Step): Step =>
  Object.defineProperty({ ...step }, fc.toStringMethod, { value: () => describeStep(step) });
const orderStepArb = fc.record({ kind: fc.constant('order' as const), diner: fc.nat(2), lines: linesArb });
const stepArb: fc.Arbitrary<Step> = fc
  .oneof(
    { weight: 5, arbitrary: orderStepArb },
    {
      weight: 7,
      arbitrary: fc.record({
        kind: fc.constant('pay' as const),
        order,
        payer: fc.constantFrom<Payer>('diner', 'table'),
        split: splitArb,
        tip: tipArb,
        declined: rarely,
        stale: fc.boolean(),
        hold: fc.boolean(),
        again: fc.constantFrom<Again>('once', 'once', 'once', 'retry', 'race', 'raceSameKey'),
        other: splitArb,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('confirm' as const),
        payment: fc.nat(3),
        fails: fc.boolean(),
      }),
    },
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('staff' as const),
        order,
        action: staffActionArb,
        byServer: fc.boolean(),
        lines: linesArb,
        holdRefunds,
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('sweep' as const), holdRefunds }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('refund' as const),
        order,
        what: fc.constantFrom(
          'whole' as const,
          'half' as const,
          'cent' as const,
          'line' as const,
          'halfLine' as const,
        ),
        line: fc.nat(3),
        holdRefunds,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('replay' as const),
        what: fc.constantFrom(
          'sameEvent' as const,
          'succeededAgain' as const,
          'lateFailure' as const,
          'refundFailsLate' as const,
        ),
        which: fc.nat(5),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('payWhileChanged' as const),
        order,
        payer: fc.constantFrom<Payer>('diner', 'table'),
        split: splitArb,
        change: fc.constantFrom<StaffAction>('cancel', 'delete', 'editDown', 'editUp', 'edit'),
        lines: linesArb,
      }),
    },
  )
  .map(shown);

// ---------------------------------------------------------------------------------------------
// One sequence

type Place = Awaited<ReturnType<typeof ownerWithRestaurant>>;
type Ctx = {
  shop: Shop;
  place: Place;
  /** Each table's key, by table number, as its card carries it. */
  tableKeys: Record<number, string>;
  items: number[];
  diners: (Diner & { placed: number })[];
  server: StaffCaller;
  date: string;
  /** Orders placed, in order, with the diner who placed each. */
  orders: { id: number; diner: Diner }[];
  /** Every diner of the sequence, for reading the bills they ordered on. */
  everyone: Diner[];
  /** Every event this test delivered, as sent (for a replay). */
  delivered: { id: string; payload: string }[];
};

let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};
/** An address of its own per payment request: the payment route allows 30 a minute per address. */
const nextAddress = () => {
  const n = next();
  return `10.61.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
};

type Headers = Record<string, string>;
const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers = {},
  payload?: object,
  remoteAddress?: string,
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    ...(payload && { payload }),
    ...(remoteAddress && { remoteAddress }),
  });

/** Moves the clock to the next 20:00 UTC (noon or 1 pm in Los Angeles): a sequence's hours stay in one business day. */
function moveClockToMidday() {
  const now = t.clock.now();
  const target = new Date(now);
  target.setUTCHours(20, 0, 0, 0);
  if (target.getTime() <= now.getTime()) target.setUTCDate(target.getUTCDate() + 1);
  t.clock.advance(target.getTime() - now.getTime());
}

async function openShop(shop: Shop): Promise<Ctx> {
  moveClockToMidday();
  const place = await ownerWithRestaurant(t, { number_of_tables: 4 });
  const owner = place.owner.auth;
  const settings = await api('PUT', `/restaurant/payment-settings/${place.restaurantId}`, owner, {
    payment_timing: shop.timing,
    prices_include_tax: shop.pricesIncludeTax,
    service_charge_percent: shop.servicePercent,
  });
  if (settings.statusCode !== 200) throw new Error(`payment settings: ${settings.body}`);
  if (shop.taxPercent !== null) {
    const rate = await api('POST', `/restaurant/tax-rates/${place.restaurantId}`, owner, {
      name: 'Sales tax',
      rate_percent: shop.taxPercent,
      is_default: true,
    });
    if (rate.statusCode !== 201) throw new Error(`tax rate: ${rate.body}`);
  }
  const items: number[] = [];
  for (const [index, priceCents] of shop.pricesCents.entries()) {
    items.push(await addMenuItem(t, place, { item_name: `Dish ${index}`, price: priceCents / 100 }));
  }
  const diners = [];
  for (let index = 0; index < 3; index += 1) {
    diners.push({ ...(await signUpDiner(t, place.restaurantId, { is_guest: true })), placed: 0 });
  }
  const server = await deviceTokenFor(t, place.restaurantId, 'server');
  const summary = await api('GET', `/customer/orders/${place.restaurantId}`, owner);
  const date = summary.json().pagination.working_hours_date as string;
  const tableKeys: Record<number, string> = {};
  for (const table of [1, 2, 3, 4]) tableKeys[table] = await tableKeyFor(t, place.restaurantId, table);
  return {
    shop,
    place,
    tableKeys,
    items,
    diners,
    everyone: [...diners],
    server,
    date,
    orders: [],
    delivered: [],
  };
}

/** Posts a provider event as Stripe does: signed with the webhook secret at the app's time. */
async function deliver(ctx: Ctx, type: string, object: object, id = `evt_ledger_${next()}`) {
  const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
  ctx.delivered.push({ id, payload });
  return deliverPayload(payload);
}
function deliverPayload(payload: string) {
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    timestamp: Math.floor(t.clock.now().getTime() / 1000),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

const intentOf = (payment: MoneyRows['payments'][number]) => ({
  id: payment.providerPaymentId,
  object: 'payment_intent',
  amount: payment.amountCents,
  metadata: { bill_id: String(payment.billId), payment_id: String(payment.id) },
  latest_charge: {
    id: `ch_${payment.id}`,
    payment_method_details: { card: { brand: 'visa', last4: '4242' } },
  },
});

/** What one step did, for the log, and what it is bound to have left unchanged. */
type Outcome = {
  text: string;
  /** 'none': a refused request or a replayed event: no row may change. 'declined': only the failed attempt. */
  unchanged?: 'none' | 'declined';
  /** Work the server may finish after its answer (a cancellation's refund): wait longer for it. */
  slow?: boolean;
  holdRefunds?: boolean;
  /** The sweep's: the rows before it ran. */
  sweptFrom?: MoneyRows;
  /** A Server's tablet made the change: it may give no money back. */
  byServer?: boolean;
  /** The provider confirms every refund left pending by earlier steps too. */
  confirmsRefunds?: boolean;
  problems: string[];
};

const isLive = (order: { live: boolean }) => order.live;

/** A bill's money from its rows (docs/product/payments.md#ledger), in cents. */
function ledgerOf(rows: MoneyRows, billId: number) {
  const orders = rows.orders.filter((order) => order.billId === billId);
  const payments = rows.payments.filter((payment) => payment.billId === billId);
  const paymentIds = new Set(payments.map((payment) => payment.id));
  const refunds = rows.refunds.filter(
    (refund) => paymentIds.has(refund.paymentId) && refund.status !== 'failed',
  );
  const staffRefunded = (orderId: number) =>
    refunds
      .filter((refund) => refund.orderId === orderId && !refund.automatic)
      .reduce((sum, refund) => sum + refund.amountCents, 0);
  const live = orders.filter(isLive);
  const due = live.reduce((sum, order) => sum + Math.max(0, order.totalCents - staffRefunded(order.id)), 0);
  const amountOf = (status: string) =>
    payments
      .filter((payment) => payment.status === status)
      .reduce((sum, payment) => sum + payment.amountCents, 0);
  const paid = amountOf('succeeded');
  const pending = amountOf('pending');
  const refunded = refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
  const kept = paid - refunded;
  return {
    orders,
    live,
    payments,
    refunds,
    staffRefunded,
    due,
    paid,
    pending,
    refunded,
    kept,
    outstanding: Math.max(0, due - kept - pending),
  };
}

/** The order a step names, by its place among those placed. */
const pick = <T>(list: T[], index: number): T | undefined =>
  list.length === 0 ? undefined : list[index % list.length];

/** The diner's lines of an order as they are now, as an edit sends them. */
function currentLines(rows: MoneyRows, orderId: number) {
  return rows.lines
    .filter((line) => line.orderId === orderId && line.menuItemId !== null)
    .map((line) => ({ menu_item_id: line.menuItemId!, quantity: line.quantity }));
}

/**
 * An edit's new lines: up (one more of a dish: the total can only grow), down (one fewer, a line
 * fewer, or a cheaper dish instead: it can only shrink), or the step's own lines. Undefined when
 * the order cannot be edited down.
 */
function editedLines(
  ctx: Ctx,
  rows: MoneyRows,
  orderId: number,
  action: StaffAction,
  lines: Line[],
): { menu_item_id: number; quantity: number }[] | undefined {
  const now = currentLines(rows, orderId);
  const itemOf = (line: Line) => ctx.items[line.item % ctx.items.length]!;
  if (action === 'editUp') {
    const extra = lines[0]!;
    const id = itemOf(extra);
    const same = now.find((line) => line.menu_item_id === id);
    if (same) return now.map((line) => (line === same ? { ...line, quantity: line.quantity + 1 } : line));
    return [...now, { menu_item_id: id, quantity: 1 }];
  }
  if (action === 'editDown') {
    const more = now.findIndex((line) => line.quantity > 1);
    if (more >= 0)
      return now.map((line, index) => (index === more ? { ...line, quantity: line.quantity - 1 } : line));
    if (now.length > 1) return now.slice(0, -1);
    const only = now[0];
    if (!only) return undefined;
    const priceOf = (id: number) => ctx.shop.pricesCents[ctx.items.indexOf(id)]!;
    const cheaper = ctx.items.filter((id) => priceOf(id) < priceOf(only.menu_item_id));
    return cheaper.length > 0 ? [{ menu_item_id: cheaper[0]!, quantity: 1 }] : undefined;
  }
  const merged = new Map<number, number>();
  for (const line of lines)
    merged.set(itemOf(line), Math.min(50, (merged.get(itemOf(line)) ?? 0) + line.quantity));
  return [...merged].map(([menu_item_id, quantity]) => ({ menu_item_id, quantity }));
}

/** Sends one staff change; answers the response. */
function staffChange(
  ctx: Ctx,
  orderId: number,
  action: StaffAction,
  auth: Headers,
  edit: { menu_item_id: number; quantity: number }[] | undefined,
) {
  const rid = ctx.place.restaurantId;
  switch (action) {
    case 'cancel':
      return api('POST', `/kitchen/restaurant/${rid}/update-order-status/${orderId}`, auth, {
        status: 'Cancelled',
      });
    case 'ready':
      return api('POST', `/kitchen/restaurant/${rid}/update-order-status/${orderId}`, auth, {
        status: 'Ready',
      });
    case 'approve':
      return api('POST', `/owner/restaurant/${rid}/approve-order/${orderId}`, auth);
    case 'markPaid':
      return api('POST', `/owner/restaurant/${rid}/mark-paid/${orderId}`, auth);
    case 'delete':
      return api('DELETE', `/owner/restaurant/${rid}/delete-order/${orderId}`, auth);
    default:
      return api('PUT', `/customer/update-order/${orderId}`, auth, { order_items: edit ?? [] });
  }
}

/** Who reads and pays a bill: its table's code, or the diner who ordered on it. */
function accessTo(ctx: Ctx, rows: MoneyRows, billId: number, payer: Payer, orderId?: number) {
  const bill = rows.bills.find((row) => row.id === billId);
  if (payer === 'table' && bill?.tableNumber != null) {
    const code = {
      token: ctx.place.token,
      table: String(bill.tableNumber),
      key: ctx.tableKeys[bill.tableNumber]!,
    };
    return { query: `?${new URLSearchParams(code)}`, body: { table_code: code }, headers: {} };
  }
  const diner = ctx.orders.find((one) => one.id === orderId)?.diner ?? ctx.diners[0]!;
  return { query: '', body: {}, headers: diner.auth as Headers };
}

function splitBody(split: SplitPick, view: BillView | undefined) {
  switch (split.kind) {
    case 'all':
      return { kind: 'all' };
    case 'even':
      return { kind: 'even', ways: split.ways, parts: split.parts };
    case 'amount': {
      const left = view ? cents(view.outstanding) : 0;
      const amount = {
        quarter: Math.max(1, Math.round(left / 4)),
        half: Math.max(1, Math.round(left / 2)),
        all: Math.max(1, left),
        cent: 1,
        over: left + 1,
      }[split.of];
      return { kind: 'amount', amount: amount / 100 };
    }
    case 'items': {
      const lines = view?.lines ?? [];
      return {
        kind: 'items',
        items: split.picks.map((one) => ({
          order_item_id: lines.length === 0 ? 2_000_000_000 : lines[one.line % lines.length]!.order_item_id,
          share_count: one.shareCount,
          shares: one.shares,
        })),
      };
    }
  }
}
function tipBody(tip: TipPick) {
  if (tip.kind === 'amount') return { kind: 'amount', amount: tip.cents / 100 };
  return tip;
}

/** Reads the bill as its payer sees it, and builds their payment. */
async function preparePayment(
  ctx: Ctx,
  rows: MoneyRows,
  orderId: number,
  payer: Payer,
  split: SplitPick,
  extra: { tip?: TipPick; declined?: boolean; stale?: boolean } = {},
) {
  const row = rows.orders.find((one) => one.id === orderId)!;
  const billId = row.billId ?? 2_000_000_000;
  const access = accessTo(ctx, rows, billId, payer, orderId);
  const read = await api('GET', `/bills/${billId}${access.query}`, access.headers);
  const view = read.statusCode === 200 ? (read.json() as BillView) : undefined;
  const version = view ? (extra.stale ? Math.max(1, view.version - 1) : view.version) : 1;
  return {
    billId,
    headers: access.headers,
    body: {
      ...access.body,
      version,
      split: splitBody(split, view),
      tip: tipBody(extra.tip ?? { kind: 'none' }),
      payment_method_id: extra.declined ? 'pm_card_chargeDeclined' : 'pm_card_visa',
    },
  };
}

function sendPayment(prepared: Awaited<ReturnType<typeof preparePayment>>, key: string) {
  return api(
    'POST',
    `/bills/${prepared.billId}/payments`,
    { ...prepared.headers, 'idempotency-key': key },
    prepared.body,
    nextAddress(),
  );
}

const answerText = (response: { statusCode: number; body: string }) => {
  let detail = '';
  try {
    const json = JSON.parse(response.body);
    if (json.payment)
      detail = ` payment ${json.payment.payment_id} ${dollars(cents(json.payment.amount))} + tip ${dollars(cents(json.payment.tip))}`;
    else if (json.message) detail = ` "${json.message}"`;
  } catch {}
  return `${response.statusCode}${detail}`;
};

/** Confirms the payments a step created, unless it leaves them pending. */
async function confirmPayments(ctx: Ctx, paymentIds: number[]) {
  if (paymentIds.length === 0) return;
  const rows = await readMoneyRows(t, ctx.place.restaurantId);
  for (const id of new Set(paymentIds)) {
    const payment = rows.payments.find((one) => one.id === id);
    if (payment?.status !== 'pending' || !payment.providerPaymentId) continue;
    const answer = await deliver(ctx, 'payment_intent.succeeded', intentOf(payment));
    if (answer.statusCode !== 200) throw new Error(`webhook answered ${answer.statusCode}: ${answer.body}`);
  }
}
const paymentIdOf = (response: { statusCode: number; json: () => { payment?: { payment_id: number } } }) =>
  response.statusCode === 202 ? [response.json().payment!.payment_id] : [];

/**
 * What a staff change is bound to answer, from the rows before it
 * (docs/product/payments.md#order-changes): any change to an order whose bill has a payment
 * being confirmed is refused with 409; a Server's change that must give money back is refused
 * with 403. It must when the order's bill is paid and the change lowers what is due (a cancel,
 * delete or edit down of an order that is due something), or when diners paid for the order's
 * lines by items and it is cancelled or deleted. Undefined: the rules leave the answer open.
 */
function staffRule(
  rows: MoneyRows,
  orderId: number,
  action: StaffAction,
  byServer: boolean,
  direction: 'up' | 'down' | 'unknown',
): { status: number[]; messages: string[] } | undefined {
  const row = rows.orders.find((one) => one.id === orderId);
  if (!row || row.deleted || row.awaitingPayment || row.billId === null) return undefined;
  const legal =
    action === 'cancel'
      ? ORDER_TRANSITIONS[row.status as OrderStatus].includes('Cancelled')
      : action === 'delete'
        ? row.status !== 'Completed'
        : action.startsWith('edit')
          ? row.status === 'Pending'
          : false;
  if (!legal) return undefined;
  const money = ledgerOf(rows, row.billId);
  const leaves = action === 'cancel' || action === 'delete';
  const lowers = leaves || direction === 'down';
  if (money.pending > 0) {
    return byServer && lowers
      ? { status: [409, 403], messages: [PAYMENT_PENDING, REFUND_NOT_ALLOWED] }
      : { status: [409], messages: [PAYMENT_PENDING] };
  }
  if (!byServer) return undefined;
  const bill = rows.bills.find((one) => one.id === row.billId);
  const orderDue = Math.max(0, row.totalCents - money.staffRefunded(row.id));
  const lines = new Set(rows.lines.filter((line) => line.orderId === row.id).map((line) => line.id));
  const succeeded = new Set(money.payments.filter((p) => p.status === 'succeeded').map((p) => p.id));
  const paidByItems = rows.claims.some(
    (claim) => succeeded.has(claim.paymentId) && lines.has(claim.orderItemId),
  );
  const givesBack =
    (bill?.status === 'paid' && money.kept > 0 && orderDue > 0 && lowers) || (leaves && paidByItems);
  return givesBack ? { status: [403], messages: [REFUND_NOT_ALLOWED] } : undefined;
}

const messageOf = (response: { body: string }): string => {
  try {
    return String(JSON.parse(response.body).message ?? '');
  } catch {
    return '';
  }
};

function checkStaffRule(
  rule: ReturnType<typeof staffRule>,
  response: { statusCode: number; body: string },
  problems: string[],
) {
  if (!rule) return;
  const message = messageOf(response);
  if (!rule.status.includes(response.statusCode) || !rule.messages.includes(message)) {
    problems.push(
      `expected ${rule.status.join(' or ')} "${rule.messages.join('" or "')}", got ${response.statusCode} "${message}"`,
    );
  }
}

async function perform(ctx: Ctx, step: Step, rows: MoneyRows): Promise<Outcome> {
  const problems: string[] = [];
  const owner = ctx.place.owner.auth;
  switch (step.kind) {
    case 'order': {
      let diner = ctx.diners[step.diner]!;
      // The place-order limit is 10 a minute per diner: a busy diner's friend orders instead.
      if (diner.placed >= 8) {
        diner = { ...(await signUpDiner(t, ctx.place.restaurantId, { is_guest: true })), placed: 0 };
        ctx.diners[step.diner] = diner;
        ctx.everyone.push(diner);
      }
      diner.placed += 1;
      const response = await api('POST', '/customer/place-order', diner.auth, {
        restaurant_id: ctx.place.restaurantId,
        order_items: step.lines.map((line) => ({
          menu_item_id: ctx.items[line.item % ctx.items.length],
          quantity: line.quantity,
        })),
        order_type: 'dine-in',
        table_no: 1,
      });
      if (response.statusCode !== 201)
        return { text: answerText(response), problems: [`place order answered ${response.body}`] };
      const { order_id, bill_id } = response.json() as { order_id: number; bill_id?: number };
      ctx.orders.push({ id: order_id, diner });
      return { text: `201 order ${ctx.orders.length - 1} (#${order_id}) on bill #${bill_id}`, problems };
    }

    case 'pay': {
      const target = pick(ctx.orders, step.order);
      if (!target) return { text: 'no order yet', problems };
      const prepared = await preparePayment(ctx, rows, target.id, step.payer, step.split, step);
      const key = `ledger-pay-${next()}-abcdefgh`;
      if (step.again === 'race' || step.again === 'raceSameKey') {
        const other =
          step.again === 'race'
            ? await preparePayment(
                ctx,
                rows,
                target.id,
                step.payer === 'table' ? 'diner' : 'table',
                step.other,
              )
            : prepared;
        const answers = await Promise.all([
          sendPayment(prepared, key),
          sendPayment(other, step.again === 'race' ? `ledger-pay-${next()}-abcdefgh` : key),
        ]);
        for (const answer of answers)
          if (answer.statusCode >= 500) problems.push(`payment answered ${answer.body}`);
        if (!step.hold) await confirmPayments(ctx, answers.flatMap(paymentIdOf));
        return { text: `bill #${prepared.billId}: ${answers.map(answerText).join(' / ')}`, problems };
      }
      const first = await sendPayment(prepared, key);
      const answers = [first];
      if (step.again === 'retry') {
        const again = await sendPayment(prepared, key);
        answers.push(again);
        if (again.statusCode !== first.statusCode || again.body !== first.body)
          problems.push(
            `a retry with the same Idempotency-Key answered ${again.statusCode} ${again.body}, not the first answer ${first.statusCode} ${first.body}`,
          );
      }
      if (first.statusCode >= 500) problems.push(`payment answered ${first.body}`);
      if (step.declined && first.statusCode === 202) problems.push('a declined card was accepted');
      if (!step.hold) await confirmPayments(ctx, paymentIdOf(first));
      const unchanged = first.statusCode === 402 ? 'declined' : first.statusCode >= 400 ? 'none' : undefined;
      return {
        text: `bill #${prepared.billId}: ${answers.map(answerText).join(' / ')}`,
        problems,
        ...(unchanged && { unchanged }),
      };
    }

    case 'confirm': {
      const pending = rows.payments.filter(
        (payment) => payment.status === 'pending' && payment.providerPaymentId,
      );
      const payment = pick(pending, step.payment);
      const refundsPending = rows.refunds.filter(
        (refund) => refund.status === 'pending' && refund.providerRefundId,
      );
      if (!payment)
        return {
          text: `no pending payment; ${refundsPending.length} pending refunds confirmed`,
          problems,
          confirmsRefunds: true,
        };
      const answer = step.fails
        ? await deliver(ctx, 'payment_intent.payment_failed', {
            ...intentOf(payment),
            last_payment_error: { message: 'Your card has insufficient funds.' },
          })
        : await deliver(ctx, 'payment_intent.succeeded', intentOf(payment));
      if (answer.statusCode !== 200) problems.push(`webhook answered ${answer.statusCode} ${answer.body}`);
      return {
        text: `payment #${payment.id} ${step.fails ? 'refused' : 'confirmed'}; ${refundsPending.length} pending refunds confirmed`,
        problems,
        confirmsRefunds: true,
      };
    }

    case 'staff': {
      const target = pick(ctx.orders, step.order);
      if (!target) return { text: 'no order yet', problems };
      const edit = step.action.startsWith('edit')
        ? editedLines(ctx, rows, target.id, step.action, step.lines)
        : undefined;
      if (step.action.startsWith('edit') && !edit) return { text: 'nothing to edit down', problems };
      const direction = step.action === 'editUp' ? 'up' : step.action === 'editDown' ? 'down' : 'unknown';
      const rule = staffRule(rows, target.id, step.action, step.byServer, direction);
      const response = await staffChange(
        ctx,
        target.id,
        step.action,
        step.byServer ? ctx.server.auth : owner,
        edit,
      );
      checkStaffRule(rule, response, problems);
      if (response.statusCode >= 500) problems.push(`answered ${response.body}`);
      // A Server refused a cancel, delete or edit is refused for money, and told so (they may otherwise).
      const changesMoney =
        step.action === 'cancel' || step.action === 'delete' || step.action.startsWith('edit');
      if (
        step.byServer &&
        changesMoney &&
        response.statusCode === 403 &&
        messageOf(response) !== REFUND_NOT_ALLOWED
      )
        problems.push(`a Server was refused with "${messageOf(response)}", not "${REFUND_NOT_ALLOWED}"`);
      const refused = response.statusCode >= 400;
      return {
        text: `order #${target.id}: ${answerText(response)}`,
        problems,
        holdRefunds: step.holdRefunds,
        byServer: step.byServer,
        ...(refused ? { unchanged: 'none' as const } : { slow: true }),
      };
    }

    case 'sweep': {
      t.clock.advance((UNPAID_MINUTES + 1) * 60_000);
      const before = await readMoneyRows(t, ctx.place.restaurantId);
      const result = await sweep();
      return {
        text: `cancelled ${result.cancelled} (all restaurants)`,
        problems,
        slow: true,
        holdRefunds: step.holdRefunds,
        sweptFrom: before,
      };
    }

    case 'refund': {
      const target = pick(ctx.orders, step.order);
      if (!target) return { text: 'no order yet', problems };
      const read = await api('GET', `/orders/${target.id}/refunds`, owner);
      const view = read.statusCode === 200 ? (read.json() as OrderRefundsResponse) : undefined;
      const refundable = view ? cents(view.refundable) : 0;
      const line = view ? pick(view.lines, step.line) : undefined;
      const reason = 'Cold food';
      const body =
        step.what === 'whole'
          ? { amount: Math.max(1, refundable) / 100, reason }
          : step.what === 'half'
            ? { amount: Math.max(1, Math.round(refundable / 2)) / 100, reason }
            : step.what === 'cent'
              ? { amount: 0.01, reason }
              : step.what === 'line'
                ? { lines: [{ order_item_id: line?.order_item_id ?? 2_000_000_000 }], reason }
                : {
                    lines: [
                      {
                        order_item_id: line?.order_item_id ?? 2_000_000_000,
                        amount: Math.max(1, Math.round(cents(line?.refundable ?? 0) / 2)) / 100,
                      },
                    ],
                    reason,
                  };
      const response = await api(
        'POST',
        `/orders/${target.id}/refunds`,
        { ...owner, 'idempotency-key': `ledger-refund-${next()}` },
        body,
      );
      if (response.statusCode >= 500) problems.push(`answered ${response.body}`);
      return {
        text: `order #${target.id}, ${'amount' in body ? dollars(cents(body.amount ?? 0)) : 'by lines'}: ${answerText(response)}`,
        problems,
        holdRefunds: step.holdRefunds,
        ...(response.statusCode >= 400 && { unchanged: 'none' as const }),
      };
    }

    case 'replay': {
      let answer: { statusCode: number; body: string } | undefined;
      let what = '';
      if (step.what === 'sameEvent') {
        const event = pick(ctx.delivered, step.which);
        if (event) {
          answer = await deliverPayload(event.payload);
          what = `event ${JSON.parse(event.payload).type}`;
          if (answer.statusCode === 200 && !JSON.parse(answer.body).duplicate)
            problems.push(`a replayed event was applied again: ${answer.body}`);
        }
      } else if (step.what === 'refundFailsLate') {
        const refund = pick(
          rows.refunds.filter((row) => row.status === 'succeeded' && row.providerRefundId),
          step.which,
        );
        if (refund) {
          answer = await deliver(ctx, 'refund.updated', {
            id: refund.providerRefundId,
            object: 'refund',
            status: 'failed',
          });
          what = `refund #${refund.id}`;
        }
      } else {
        const payment = pick(
          rows.payments.filter((row) => row.status !== 'pending' && row.providerPaymentId),
          step.which,
        );
        if (payment) {
          answer =
            step.what === 'lateFailure'
              ? await deliver(ctx, 'payment_intent.payment_failed', {
                  ...intentOf(payment),
                  last_payment_error: { message: 'Your card was declined.' },
                })
              : await deliver(ctx, 'payment_intent.succeeded', intentOf(payment));
          what = `payment #${payment.id} (${payment.status})`;
        }
      }
      if (!answer) return { text: 'nothing to replay', problems };
      if (answer.statusCode !== 200) problems.push(`webhook answered ${answer.statusCode} ${answer.body}`);
      return { text: `${what}: ${answer.statusCode}`, problems, unchanged: 'none' };
    }

    case 'payWhileChanged': {
      const target = pick(ctx.orders, step.order);
      if (!target) return { text: 'no order yet', problems };
      const prepared = await preparePayment(ctx, rows, target.id, step.payer, step.split);
      const edit = step.change.startsWith('edit')
        ? editedLines(ctx, rows, target.id, step.change, step.lines)
        : undefined;
      const [paid, changed] = await Promise.all([
        sendPayment(prepared, `ledger-pay-${next()}-abcdefgh`),
        staffChange(ctx, target.id, step.change, owner, edit ?? currentLines(rows, target.id)),
      ]);
      for (const answer of [paid, changed])
        if (answer.statusCode >= 500) problems.push(`answered ${answer.body}`);
      await confirmPayments(ctx, paymentIdOf(paid));
      return {
        text: `order #${target.id}: payment ${answerText(paid)}; change ${answerText(changed)}`,
        problems,
        slow: true,
      };
    }
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The rows once the step's work is done: what the server does after its answer has landed, and
 * the provider has confirmed the refunds the step asked for (unless it leaves them pending; a
 * confirm step confirms every refund left pending).
 */
async function settle(ctx: Ctx, outcome: Outcome, before: MoneyRows): Promise<MoneyRows> {
  const rid = ctx.place.restaurantId;
  const quiet = outcome.slow ? { stableReads: 3, gapMs: 15 } : { stableReads: 2, gapMs: 3 };
  let rows = await settledMoneyRows(t, rid, quiet);
  // A refund row is written before the provider is asked: wait for the provider's refund id.
  for (
    let tries = 0;
    tries < 50 && rows.refunds.some((row) => row.status === 'pending' && !row.providerRefundId);
    tries += 1
  ) {
    await pause(20);
    rows = await settledMoneyRows(t, rid, quiet);
  }
  if (outcome.holdRefunds) return rows;
  const held = new Set(
    outcome.confirmsRefunds
      ? []
      : before.refunds.filter((row) => row.status === 'pending').map((row) => row.id),
  );
  for (let round = 0; round < 3; round += 1) {
    const pending = rows.refunds.filter(
      (row) => row.status === 'pending' && row.providerRefundId && !held.has(row.id),
    );
    if (pending.length === 0) break;
    for (const refund of pending) {
      const answer = await deliver(ctx, 'refund.updated', {
        id: refund.providerRefundId,
        object: 'refund',
        status: 'succeeded',
        amount: refund.amountCents + refund.tipCents,
      });
      if (answer.statusCode !== 200)
        throw new Error(`refund webhook answered ${answer.statusCode}: ${answer.body}`);
    }
    rows = await settledMoneyRows(t, rid, { stableReads: 2, gapMs: 3 });
  }
  return rows;
}

/** The rows without what a declined card may leave: its failed attempt, the bills' versions. */
const withoutDeclined = (rows: MoneyRows) => ({
  ...rows,
  bills: rows.bills.map(({ version: _version, ...bill }) => bill),
  payments: rows.payments.filter((payment) => payment.status !== 'failed'),
});

// ---------------------------------------------------------------------------------------------
// The rules, checked after every step

async function checkLedger(ctx: Ctx, rows: MoneyRows): Promise<string[]> {
  const problems: string[] = [];
  const rid = ctx.place.restaurantId;
  const owner = ctx.place.owner.auth;
  const settledBills = new Set<number>();

  for (const bill of rows.bills) {
    const b = `bill #${bill.id} (${bill.status})`;
    const money = ledgerOf(rows, bill.id);
    const { due, paid, pending, refunded, kept } = money;
    if (kept < 0) problems.push(`${b}: refunded ${dollars(refunded)} more than paid ${dollars(paid)}`);
    if (kept > due)
      problems.push(
        `${b}: keeps ${dollars(kept)} (paid ${dollars(paid)} − refunded ${dollars(refunded)}) but only ${dollars(due)} is due`,
      );

    for (const payment of money.payments) {
      const its = money.refunds.filter((refund) => refund.paymentId === payment.id);
      const back = its.reduce((sum, refund) => sum + refund.amountCents + refund.tipCents, 0);
      if (back > payment.amountCents + payment.tipCents)
        problems.push(
          `${b}: payment #${payment.id} charged ${dollars(payment.amountCents + payment.tipCents)} but ${dollars(back)} went back`,
        );
      if (its.length > 0 && payment.status !== 'succeeded')
        problems.push(`${b}: payment #${payment.id} is ${payment.status} but has refunds`);
    }

    // Shares of lines: each once, and a line never beyond its price.
    const holding = new Set(money.payments.filter((p) => p.status !== 'failed').map((p) => p.id));
    const claims = rows.claims.filter((claim) => holding.has(claim.paymentId));
    const byLine = new Map<number, typeof claims>();
    for (const claim of claims)
      byLine.set(claim.orderItemId, [...(byLine.get(claim.orderItemId) ?? []), claim]);
    for (const [lineId, ofLine] of byLine) {
      const line = rows.lines.find((one) => one.id === lineId);
      const indexes = ofLine.map((claim) => claim.shareIndex);
      if (new Set(indexes).size !== indexes.length)
        problems.push(`${b}: a share of line #${lineId} is claimed twice (${indexes.join(', ')})`);
      if (new Set(ofLine.map((claim) => claim.shareCount)).size > 1)
        problems.push(`${b}: line #${lineId} is split two ways at once`);
      const claimed = ofLine.reduce((sum, claim) => sum + claim.amountCents, 0);
      if (line && claimed > line.payableCents)
        problems.push(
          `${b}: line #${lineId} (${line.productName}) is paid ${dollars(claimed)} by items, beyond its ${dollars(line.payableCents)}`,
        );
    }
    // What diners paid by items for lines of an order that left the bill went back to them.
    for (const payment of money.payments.filter((p) => p.status === 'succeeded')) {
      const gone = rows.claims
        .filter((claim) => claim.paymentId === payment.id)
        .filter((claim) => {
          const line = rows.lines.find((one) => one.id === claim.orderItemId);
          const of = line && rows.orders.find((one) => one.id === line.orderId);
          return of !== undefined && !of.live;
        })
        .reduce((sum, claim) => sum + claim.amountCents, 0);
      const back = money.refunds
        .filter((refund) => refund.paymentId === payment.id)
        .reduce((sum, refund) => sum + refund.amountCents, 0);
      if (gone > back)
        problems.push(
          `${b}: payment #${payment.id} paid ${dollars(gone)} by items for lines of orders no longer on the bill, but only ${dollars(back)} went back to it`,
        );
    }

    // The bill as its diners read it: through its table's code, or as a diner who ordered on it.
    let outstanding = money.outstanding;
    if (money.live.length > 0) {
      const diner = ctx.everyone.find((one) =>
        money.live.some((order) => order.customerId === one.customer_id),
      );
      const url =
        bill.tableNumber !== null
          ? `/bills/${bill.id}?token=${ctx.place.token}&table=${bill.tableNumber}&key=${ctx.tableKeys[bill.tableNumber]}`
          : `/bills/${bill.id}`;
      const read = await api('GET', url, bill.tableNumber !== null ? {} : ((diner?.auth ?? {}) as Headers));
      if (read.statusCode !== 200)
        problems.push(`${b}: its diners cannot read it (${read.statusCode} ${read.body})`);
      else {
        const view = read.json() as BillView & { refunded?: number };
        outstanding = cents(view.outstanding);
        if (due !== kept + pending + outstanding)
          problems.push(
            `${b}: Due ${dollars(due)} ≠ (Paid − Refunded) ${dollars(kept)} + Being paid ${dollars(pending)} + Left to pay ${dollars(outstanding)} (the bill page's outstanding)`,
          );
        if (cents(view.paid) !== paid)
          problems.push(`${b}: the page says paid ${dollars(cents(view.paid))}, the rows ${dollars(paid)}`);
        if (cents(view.pending) !== pending)
          problems.push(
            `${b}: the page says being paid ${dollars(cents(view.pending))}, the rows ${dollars(pending)}`,
          );
        const total = money.live.reduce((sum, order) => sum + order.totalCents, 0);
        if (cents(view.total) !== total)
          problems.push(
            `${b}: the page's total ${dollars(cents(view.total))} ≠ its live orders' ${dollars(total)}`,
          );
        if (view.refunded !== undefined && cents(view.refunded) !== refunded)
          problems.push(
            `${b}: the page says refunded ${dollars(cents(view.refunded))}, the rows ${dollars(refunded)}`,
          );
        if (view.status !== bill.status) problems.push(`${b}: the page says ${view.status}`);
      }
    } else if (pending > 0) {
      problems.push(`${b}: no order left on it, but ${dollars(pending)} is being paid`);
    }

    // Paid exactly when something is due and nothing is left to pay or being paid. (A bill whose
    // orders all left it is due nothing; whether it then reads paid or open is not a rule.)
    const settled = due > 0 && outstanding === 0 && pending === 0;
    if (due > 0 && (bill.status === 'paid') !== settled)
      problems.push(
        `${b}: reads ${bill.status} with ${dollars(due)} due, ${dollars(outstanding)} left to pay and ${dollars(pending)} being paid`,
      );
    if (bill.status === 'paid' || money.live.length === 0) settledBills.add(bill.id);

    // Each order's payment state follows its bill (docs/product/payments.md#ledger).
    for (const order of money.orders) {
      const o = `order #${order.id} (${order.status}${order.deleted ? ', deleted' : ''}) on ${b}`;
      const state = order.paymentState;
      const byStaff = money.staffRefunded(order.id);
      const wanted: string[] = !order.live
        ? ['unpaid', 'refunded', 'partly_refunded']
        : byStaff > 0 && byStaff >= order.totalCents
          ? ['refunded']
          : bill.status === 'paid'
            ? [byStaff > 0 ? 'partly_refunded' : 'paid']
            : kept > 0
              ? ['partly_paid']
              : pending > 0
                ? ['unpaid', 'partly_paid']
                : ['unpaid'];
      if (!wanted.includes(state)) problems.push(`${o} reads ${state}, not ${wanted.join(' or ')}`);
      if (order.live && state === 'paid' && (outstanding > 0 || pending > 0))
        problems.push(`${o} reads paid while ${dollars(outstanding + pending)} is still owed`);
    }
  }

  // Order Management shows the same payment states.
  const listed = await api('GET', `/owner/restaurant/${rid}/orders?per_page=50`, owner);
  if (listed.statusCode === 200) {
    for (const shown of (listed.json() as OwnerOrdersResponse).orders) {
      const row = rows.orders.find((one) => one.id === shown.order_id);
      if (row && shown.payment_state !== undefined && shown.payment_state !== row.paymentState)
        problems.push(
          `Order Management shows order #${shown.order_id} ${shown.payment_state}, its row ${row.paymentState}`,
        );
    }
  } else problems.push(`Order Management answered ${listed.statusCode}`);

  problems.push(...(await checkMoneyView(ctx, rows, settledBills)));
  return problems;
}

/**
 * The day's Money view (docs/product/payments.md#money-in-reports) holds the settled bills'
 * money and nothing else: its net is what their cards paid (amounts and tips) less what went
 * back, its tips the tips kept; it adds up as its formula says; its payments and refunds are the
 * rows. A Completed order of a bill not settled (Mark as Paid: taken at the counter) is not card
 * money and is left out of the sums.
 */
async function checkMoneyView(ctx: Ctx, rows: MoneyRows, settledBills: Set<number>): Promise<string[]> {
  const problems: string[] = [];
  const read = await api('GET', `/sales/payments?date=${ctx.date}`, ctx.place.owner.auth);
  if (read.statusCode !== 200) return [`the Money view answered ${read.statusCode} ${read.body}`];
  const money = read.json() as SalesPaymentsResponse;

  let net = 0;
  let tips = 0;
  for (const payment of rows.payments.filter((p) => settledBills.has(p.billId) && p.status === 'succeeded')) {
    net += payment.amountCents + payment.tipCents;
    tips += payment.tipCents;
  }
  const settledPayments = new Set(rows.payments.filter((p) => settledBills.has(p.billId)).map((p) => p.id));
  for (const refund of rows.refunds.filter(
    (r) => settledPayments.has(r.paymentId) && r.status === 'succeeded',
  )) {
    net -= refund.amountCents + refund.tipCents;
    tips -= refund.tipCents;
  }
  let viewNet = 0;
  let viewTips = 0;
  const sums = { gross: 0, added_tax: 0, service: 0, tips: 0, refunds: 0, net: 0 };
  for (const shown of money.orders) {
    for (const key of Object.keys(sums) as (keyof typeof sums)[]) sums[key] += cents(shown[key]);
    const row = rows.orders.find((one) => one.id === shown.order_id);
    if (!row) {
      problems.push(`the Money view lists order #${shown.order_id}, not one of the restaurant's`);
      continue;
    }
    if (row.billId !== null && settledBills.has(row.billId)) {
      viewNet += cents(shown.net);
      viewTips += cents(shown.tips);
    } else if (row.status !== 'Completed') {
      problems.push(
        `the Money view counts order #${row.id} (${row.paymentState}) of bill #${row.billId}, which is not settled`,
      );
    }
  }
  if (viewNet !== net)
    problems.push(
      `the Money view's net for the settled bills is ${dollars(viewNet)}; their cards paid ${dollars(net)} net of refunds (tips included)`,
    );
  if (viewTips !== tips)
    problems.push(
      `the Money view's tips for the settled bills are ${dollars(viewTips)}; they kept ${dollars(tips)} of tips`,
    );
  const summary = money.summary;
  for (const key of Object.keys(sums) as (keyof typeof sums)[]) {
    if (cents(summary[key]) !== sums[key])
      problems.push(
        `the Money view's ${key} ${dollars(cents(summary[key]))} ≠ its orders' ${dollars(sums[key])}`,
      );
  }
  const formula =
    cents(summary.gross) +
    cents(summary.added_tax) +
    cents(summary.service) +
    cents(summary.tips) -
    cents(summary.refunds);
  if (cents(summary.net) !== formula)
    problems.push(
      `the Money view's net ${dollars(cents(summary.net))} ≠ gross + added tax + service + tips − refunds ${dollars(formula)}`,
    );

  // Its payments and refunds are the rows, one entry each.
  const key = (...parts: unknown[]) => parts.join(' | ');
  const fromRows = [
    ...rows.payments.map((p) => key('payment', p.billId, p.amountCents, p.tipCents, p.status)),
    ...rows.refunds.map((r) => {
      const billId = rows.payments.find((p) => p.id === r.paymentId)?.billId;
      return key('refund', billId, -r.amountCents, -r.tipCents, r.status, r.reason);
    }),
  ].sort();
  const fromView = money.entries
    .map((entry) =>
      entry.kind === 'payment'
        ? key('payment', entry.bill_id, cents(entry.amount), cents(entry.tip), entry.status)
        : key(
            'refund',
            entry.bill_id,
            cents(entry.amount),
            -Math.abs(cents(entry.tip)),
            entry.status,
            entry.reason,
          ),
    )
    .sort();
  if (JSON.stringify(fromRows) !== JSON.stringify(fromView))
    problems.push(
      `the payments CSV's entries ${JSON.stringify(fromView)} are not the rows ${JSON.stringify(fromRows)}`,
    );
  return problems;
}

/** The rules a step's own change must keep, from the rows before and after it. */
function checkStep(step: Step, outcome: Outcome, before: MoneyRows, after: MoneyRows): string[] {
  const problems: string[] = [];
  if (outcome.unchanged === 'none' && JSON.stringify(before) !== JSON.stringify(after))
    problems.push(`it was refused (or replayed) but rows changed: ${diff(before, after)}`);
  if (
    outcome.unchanged === 'declined' &&
    JSON.stringify(withoutDeclined(before)) !== JSON.stringify(withoutDeclined(after))
  )
    problems.push(`a declined card held something: ${diff(before, after)}`);

  const known = new Set(before.refunds.map((refund) => refund.id));
  const created = after.refunds.filter((refund) => !known.has(refund.id));
  if (outcome.byServer && created.length > 0)
    problems.push(
      `a Server's change gave money back (refunds ${created.map((refund) => `#${refund.id}`).join(', ')}): only an owner or a manager may`,
    );
  for (const refund of created) {
    const payment = after.payments.find((p) => p.id === refund.paymentId);
    if (refund.tipCents > 0 && payment && ledgerOf(after, payment.billId).due > 0)
      problems.push(
        `refund #${refund.id} gives back ${dollars(refund.tipCents)} of tip while something is still due on bill #${payment.billId}`,
      );
    if (!refund.automatic) continue;
    const reason =
      step.kind === 'sweep' ||
      (step.kind === 'staff' && (step.action === 'cancel' || step.action === 'delete'))
        ? CANCELLED_REASON
        : step.kind === 'staff' && step.action.startsWith('edit')
          ? CHANGED_REASON
          : undefined;
    if (reason && refund.reason !== reason)
      problems.push(`automatic refund #${refund.id} reads "${refund.reason}", not "${reason}"`);
  }

  // The sweep cancels what is unpaid after 15 minutes, and leaves an order whose payment is being confirmed.
  const swept = outcome.sweptFrom;
  if (step.kind === 'sweep' && swept) {
    const limit = t.clock.now().getTime() - UNPAID_MINUTES * 60_000;
    for (const order of swept.orders) {
      if (!order.awaitingPayment || order.status !== 'Pending' || order.deleted) continue;
      if (new Date(order.createdAt).getTime() >= limit) continue;
      const being = order.billId === null ? 0 : ledgerOf(swept, order.billId).pending;
      const now = after.orders.find((one) => one.id === order.id)!;
      if (being > 0 && now.status !== 'Pending')
        problems.push(
          `the sweep cancelled order #${order.id} while ${dollars(being)} of its bill was being confirmed`,
        );
      if (being === 0 && now.status !== 'Cancelled' && now.awaitingPayment)
        problems.push(`the sweep left order #${order.id} unpaid after ${UNPAID_MINUTES} minutes`);
    }
  }
  return problems;
}

/** The rows that differ, table by table, for a failure's message. */
function diff(before: MoneyRows, after: MoneyRows): string {
  const out: string[] = [];
  for (const table of Object.keys(before) as (keyof MoneyRows)[]) {
    const was = new Map((before[table] as { id: number }[]).map((row) => [row.id, JSON.stringify(row)]));
    for (const row of after[table] as { id: number }[]) {
      const now = JSON.stringify(row);
      if (was.get(row.id) !== now)
        out.push(`${table} ${was.has(row.id) ? `${was.get(row.id)} → ` : '+ '}${now}`);
      was.delete(row.id);
    }
    for (const [, gone] of was) out.push(`${table} − ${gone}`);
  }
  return out.join('; ');
}

function describeShop(shop: Shop): string {
  const tax =
    shop.taxPercent === null
      ? 'no tax'
      : `tax ${shop.taxPercent} % ${shop.pricesIncludeTax ? 'included' : 'added'}`;
  const service = shop.servicePercent > 0 ? `, service ${shop.servicePercent} %` : '';
  const timing = shop.timing === 'order' ? 'paid when ordering' : 'paid at the end of the meal (one table)';
  return `${timing}; dishes ${shop.pricesCents.map((price, index) => `${index}: ${dollars(price)}`).join(', ')}; ${tax}${service}`;
}

async function runSequence(shop: Shop, steps: Step[]) {
  if (stopped) return;
  const ctx = await openShop(shop);
  const log: string[] = [`shop: ${describeShop(shop)} (restaurant #${ctx.place.restaurantId})`];
  let rows = await readMoneyRows(t, ctx.place.restaurantId);
  for (const [index, step] of steps.entries()) {
    if (stopped) return;
    const outcome = await perform(ctx, step, rows);
    const after = await settle(ctx, outcome, rows);
    log.push(`${index + 1}. ${describeStep(step)} → ${outcome.text}`);
    const problems = [
      ...outcome.problems,
      ...checkStep(step, outcome, rows, after),
      ...(await checkLedger(ctx, after)),
    ];
    rows = after;
    if (problems.length > 0) {
      throw new Error(`${log.join('\n')}\nbroken after step ${index + 1}:\n  - ${problems.join('\n  - ')}`);
    }
  }
}

describe('the ledger of every bill (docs/product/payments.md#ledger)', () => {
  it(
    'keeps Paid − Refunded within what is due, every figure and state in step, whatever diners, staff and the provider do',
    async () => {
      const assertion = fc.assert(
        fc.asyncProperty(
          shopArb,
          // A sequence starts with an order, so that the steps after it have something to act on.
          orderStepArb.map(shown),
          fc.array(stepArb, { maxLength: MAX_STEPS - 1 }),
          (shop, first, rest) => {
            const sequence = runSequence(shop, [first, ...rest]);
            running = sequence.catch(() => undefined);
            return sequence;
          },
        ),
        { seed: SEED, numRuns: RUNS, plugins: [fc.interruptAfterTimeLimit(TIME_MS)] },
      );
      await assertion;
    },
    TIME_MS + 60_000,
  );
});
