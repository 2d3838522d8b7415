import { ORDER_TRANSITIONS, type OrderStatus } from '@tableserve/contract/order';
import type { StaffOrder } from '@tableserve/contract/owner-orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMenuItem, type Diner, placeDinerOrder, signUpDiner } from '../../test/orders';
import { ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Races on one order (SECURITY.md): the kitchen's tablets, Order Management and Mark as
 * Paid pressed at the same moment. Each request either moves the order one legal step of the
 * docs/product/order-statuses.md#status-machine, with the kitchen's recall (ADR 016), (200) or answers 409 and changes
 * nothing; the order ends in one legal state.
 * On PostgreSQL the requests really run at once; on PGlite their steps interleave.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Place = Awaited<ReturnType<typeof setup>>;
type Action = 'approve' | 'kitchen-approve' | 'ready' | 'cancel' | 'paid';

/** What each action asks for: the status a 200 must have moved the order to. */
const targetOf: Record<Action, OrderStatus> = {
  approve: 'Approved',
  'kitchen-approve': 'Approved',
  ready: 'Ready',
  cancel: 'Cancelled',
  paid: 'Completed',
};
/**
 * An order of the successful moves that walks the machine from `start` to `end`, if there is one.
 * Since the kitchen's recall (Ready → Approved, ADR 016) the machine has a cycle, so the moves'
 * order cannot be read off the statuses: every order is tried (a race has at most 7 requests).
 */
function legalPath<T extends { target: OrderStatus }>(
  start: OrderStatus,
  end: OrderStatus,
  moves: T[],
): T[] | undefined {
  if (moves.length === 0) return start === end ? [] : undefined;
  for (const [index, move] of moves.entries()) {
    if (!ORDER_TRANSITIONS[start].includes(move.target)) continue;
    const rest = legalPath(
      move.target,
      end,
      moves.filter((_, other) => other !== index),
    );
    if (rest) return [move, ...rest];
  }
  return undefined;
}
/** The 409 codes each action may answer with. */
const conflictCodes: Record<Action, string[]> = {
  approve: ['NOT_PENDING', 'ILLEGAL_TRANSITION'],
  'kitchen-approve': ['ILLEGAL_TRANSITION'],
  ready: ['ILLEGAL_TRANSITION'],
  cancel: ['ILLEGAL_TRANSITION'],
  paid: ['NOT_READY', 'ILLEGAL_TRANSITION'],
};

async function setup() {
  const place = await ownerWithRestaurant(t, { number_of_tables: 6 });
  const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12.5 });
  const soda = await addMenuItem(t, place, { item_name: 'Soda', price: 2.25, category: 'Beverage' });
  const soup = await addMenuItem(t, place, { item_name: 'Soup', price: 0.1, category: 'Starter' });
  return { ...place, pizza, soda, soup };
}

/**
 * Places orders as guest diners, one after the other; each guest orders a few times only (the
 * place-order limit is 10 a minute per diner).
 */
function guestOrders(p: { restaurantId: number }) {
  let guest: Diner | undefined;
  let placed = 0;
  return async (cart: { menu_item_id: number; quantity: number }[]) => {
    if (!guest || placed === 8) {
      guest = await signUpDiner(t, p.restaurantId, { is_guest: true });
      placed = 0;
    }
    placed += 1;
    return placeDinerOrder(t, guest, p.restaurantId, cart);
  };
}

function act(p: Place, orderId: number, action: Action) {
  const inject = (method: 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: p.owner.auth, ...(payload && { payload }) });
  const kitchen = (status: OrderStatus) =>
    inject('POST', `/kitchen/restaurant/${p.restaurantId}/update-order-status/${orderId}`, { status });
  switch (action) {
    case 'approve':
      return inject('POST', `/owner/restaurant/${p.restaurantId}/approve-order/${orderId}`);
    case 'kitchen-approve':
      return kitchen('Approved');
    case 'ready':
      return kitchen('Ready');
    case 'cancel':
      return kitchen('Cancelled');
    case 'paid':
      return inject('POST', `/owner/restaurant/${p.restaurantId}/mark-paid/${orderId}`);
  }
}

/** Every live order of the restaurant, as Order Management lists them. */
async function listed(p: Place): Promise<Map<number, StaffOrder>> {
  const all = new Map<number, StaffOrder>();
  for (let page = 1; ; page++) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/owner/restaurant/${p.restaurantId}/orders?per_page=50&page=${page}`,
      headers: p.owner.auth,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { orders: StaffOrder[]; pagination: { total_pages: number } };
    for (const order of body.orders) all.set(order.order_id, order);
    if (page >= body.pagination.total_pages) return all;
  }
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** Steps an order along the machine before the race starts. */
async function bring(p: Place, orderId: number, path: Action[]) {
  for (const step of path) expect((await act(p, orderId, step)).statusCode).toBe(200);
}

const cents = (dollars: number) => Math.round(dollars * 100);
const linesOf = (order: StaffOrder) =>
  order.items.map((line) => ({ menu_item_id: line.menu_item_id, quantity: line.quantity }));

describe('concurrent status changes on one order', () => {
  // Each round: where the order starts, and the requests that hit it at once.
  const rounds: { start: Action[]; actions: Action[] }[] = [
    { start: [], actions: ['approve', 'approve', 'ready', 'ready', 'paid', 'paid'] },
    { start: [], actions: ['approve', 'kitchen-approve', 'ready', 'paid', 'cancel', 'cancel'] },
    { start: [], actions: ['approve', 'ready', 'ready', 'paid', 'paid', 'paid', 'cancel'] },
    { start: ['approve'], actions: ['approve', 'ready', 'ready', 'cancel', 'paid', 'paid'] },
    { start: ['ready'], actions: ['approve', 'ready', 'cancel', 'paid', 'paid', 'paid'] },
    { start: [], actions: ['kitchen-approve', 'kitchen-approve', 'approve', 'approve', 'ready', 'cancel'] },
    // Two tablets recall a bumped order while it is paid, bumped again and cancelled.
    { start: ['ready'], actions: ['kitchen-approve', 'kitchen-approve', 'paid', 'ready', 'cancel'] },
  ];

  it('end in one legal state: each request one legal step or a 409 that changed nothing', async () => {
    const p = await setup();
    const placeOrder = guestOrders(p);
    const cart = [
      { menu_item_id: p.pizza, quantity: 2 },
      { menu_item_id: p.soda, quantity: 3 },
      { menu_item_id: p.soup, quantity: 7 },
    ];
    const totalCents = 2 * 1250 + 3 * 225 + 7 * 10;
    // Every round on three orders, all raced at once, twice over, shuffled each time.
    for (let repeat = 0; repeat < 2; repeat++) {
      const races: { orderId: number; round: (typeof rounds)[number]; actions: Action[] }[] = [];
      for (const round of rounds) {
        for (let copy = 0; copy < 3; copy++) {
          const orderId = await placeOrder(cart);
          await bring(p, orderId, round.start);
          races.push({ orderId, round, actions: shuffled(round.actions) });
        }
      }
      const answers = await Promise.all(
        races.map((race) => Promise.all(race.actions.map((action) => act(p, race.orderId, action)))),
      );
      const orders = await listed(p);

      races.forEach((race, index) => {
        const context = `order ${race.orderId}: ${race.round.start.join('→') || 'Pending'} then ${race.actions.join(', ')}`;
        const moves: { target: OrderStatus; order: StaffOrder }[] = [];
        answers[index]!.forEach((answer, n) => {
          const action = race.actions[n]!;
          expect([200, 409], `${context}: ${action} answered ${answer.body}`).toContain(answer.statusCode);
          if (answer.statusCode === 200) {
            const order = answer.json().order as StaffOrder;
            expect(order.status, context).toBe(targetOf[action]);
            moves.push({ target: targetOf[action], order });
          } else {
            expect(conflictCodes[action], `${context}: ${action} answered ${answer.body}`).toContain(
              answer.json().code,
            );
          }
        });

        // The 200s, in some order, are one legal path from where the race started to where the
        // order ended, and the order is exactly as the last of them answered it, with its lines
        // and total untouched.
        const start: OrderStatus = race.round.start.length ? targetOf[race.round.start.at(-1)!] : 'Pending';
        const order = orders.get(race.orderId)!;
        const status = order.status;
        const path = legalPath(start, status, moves);
        expect(
          path,
          `${context}: ${moves.map((move) => move.target).join(', ')} from ${start} to ${status}`,
        ).toBeDefined();
        if (moves.length > 0)
          expect(
            moves.filter((move) => move.target === status).map((move) => move.order),
            context,
          ).toContainEqual(order);
        expect(linesOf(order)).toEqual(cart);
        expect(cents(order.total_amount)).toBe(totalCents);
        // A final state moved no further; a live one could still move on.
        if (status === 'Completed' || status === 'Cancelled') expect(ORDER_TRANSITIONS[status]).toEqual([]);
      });
    }
  });

  it('pays each Ready order once when single and batch Mark as Paid overlap', async () => {
    const p = await setup();
    const placeOrder = guestOrders(p);
    for (let repeat = 0; repeat < 5; repeat++) {
      const ids: number[] = [];
      for (let n = 0; n < 4; n++) {
        const orderId = await placeOrder([{ menu_item_id: p.pizza, quantity: 1 }]);
        await bring(p, orderId, ['ready']);
        ids.push(orderId);
      }
      const [a, b, c, d] = ids as [number, number, number, number];
      // Two batches that share an order, singles on orders of both, and one that is not Ready yet.
      const late = await placeOrder([{ menu_item_id: p.soda, quantity: 1 }]);
      const batches = shuffled([[a, b], [b, c], [c, d, late], [d]]);
      const singles = shuffled([a, c, d, late]);
      const requests = shuffled([
        ...batches.map((orderIds) => ({ orderIds, batch: true })),
        ...singles.map((orderId) => ({ orderIds: [orderId], batch: false })),
      ]);
      const answers = await Promise.all(
        requests.map(({ orderIds, batch }) =>
          batch
            ? t.app.inject({
                method: 'POST',
                url: `/api/v1/owner/restaurant/${p.restaurantId}/mark-paid`,
                headers: p.owner.auth,
                payload: { order_ids: orderIds },
              })
            : act(p, orderIds[0]!, 'paid'),
        ),
      );
      const paidBy = new Map<number, number>();
      answers.forEach((answer, index) => {
        const { orderIds, batch } = requests[index]!;
        expect([200, 409], answer.body).toContain(answer.statusCode);
        if (answer.statusCode !== 200) {
          // A single one that loses the race after its own check says so as an illegal transition.
          expect(batch ? ['NOT_READY'] : conflictCodes.paid).toContain(answer.json().code);
          return;
        }
        // All of a batch or none of it.
        const body = answer.json() as { orders?: StaffOrder[]; order?: StaffOrder };
        const moved = body.orders ?? [body.order!];
        const numeric = (a: number, b: number) => a - b;
        expect(moved.map((order) => order.order_id).sort(numeric)).toEqual([...orderIds].sort(numeric));
        for (const order of moved) {
          expect(order.status).toBe('Completed');
          paidBy.set(order.order_id, (paidBy.get(order.order_id) ?? 0) + 1);
        }
      });
      const orders = await listed(p);
      for (const orderId of [...ids, late]) {
        const status = orders.get(orderId)!.status;
        // Paid by exactly one request if Completed, by none otherwise.
        expect({ orderId, paid: paidBy.get(orderId) ?? 0 }).toEqual({
          orderId,
          paid: status === 'Completed' ? 1 : 0,
        });
        expect(status).toBe(orderId === late ? 'Pending' : paidBy.get(orderId) ? 'Completed' : 'Ready');
      }
      // d is paid alone or in a batch, and a batch with the Pending order never pays.
      expect(orders.get(d)!.status).toBe('Completed');
    }
  });

  it('keeps an edit whole when it races approval, the kitchen and another edit', async () => {
    const p = await setup();
    const placeOrder = guestOrders(p);
    const carts = [
      [{ menu_item_id: p.pizza, quantity: 1 }],
      [
        { menu_item_id: p.soda, quantity: 4 },
        { menu_item_id: p.soup, quantity: 2 },
      ],
      [
        { menu_item_id: p.pizza, quantity: 3 },
        { menu_item_id: p.soda, quantity: 1 },
        { menu_item_id: p.soup, quantity: 9 },
      ],
    ];
    const price = new Map([
      [p.pizza, 1250],
      [p.soda, 225],
      [p.soup, 10],
    ]);
    const totalOf = (cart: { menu_item_id: number; quantity: number }[]) =>
      cart.reduce((sum, line) => sum + price.get(line.menu_item_id)! * line.quantity, 0);
    const original = [{ menu_item_id: p.soup, quantity: 1 }];
    for (let repeat = 0; repeat < 8; repeat++) {
      const orderId = await placeOrder(original);
      const edit = (cart: (typeof carts)[number]) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/v1/customer/update-order/${orderId}`,
          headers: p.owner.auth,
          payload: { order_items: cart },
        });
      const work = shuffled<() => Promise<{ statusCode: number; body: string; json: () => unknown }>>([
        ...carts.map((cart) => () => edit(cart)),
        () => act(p, orderId, 'approve'),
        () => act(p, orderId, 'ready'),
      ]);
      const answers = await Promise.all(work.map((run) => run()));
      for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);

      const order = (await listed(p)).get(orderId)!;
      const lines = linesOf(order);
      // Exactly the original lines or one edit's lines, never a mix, with their total.
      expect([original, ...carts]).toContainEqual(lines);
      expect(cents(order.total_amount)).toBe(totalOf(lines));
      // An edit answered 200 with what it stored; the lines kept are one of those (or the original).
      const edits = answers
        .map((answer) =>
          answer.statusCode === 200 ? (answer.json() as { order: StaffOrder }).order : undefined,
        )
        .filter((body): body is StaffOrder => body?.status === 'Pending');
      if (edits.length === 0) expect(lines).toEqual(original);
      else expect(edits.map(linesOf)).toContainEqual(lines);
    }
  });
});
