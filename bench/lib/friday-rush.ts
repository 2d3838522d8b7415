/**
 * "Friday rush": the embedded default as one restaurant runs it. The demo
 * restaurant on PGlite (bench/lib/demo-menu.ts), its diners arriving unevenly over the rush, each
 * opening the menu, signing up as a guest, connecting the order page's socket and ordering; three
 * staff screens (Order Summary twice, Order Management) and the Kitchen screen follow on their
 * sockets and fetch their list again on each event, as the web app does; the kitchen moves every
 * order Approved → Ready → Completed. Reports p50/p99 of every call kind, errors, and the events
 * delivered against those expected (every event to every screen, and to the order's diner).
 */
import { DEMO_EMAIL, DEMO_PASSWORD } from '@tableserve/server/seed';
import { io, type Socket } from 'socket.io-client';
import { seedDemoRestaurant } from './demo-menu';
import { clientAddress, type JsonResponse, requestJson } from './http';
import { sleep } from './processes';
import type { ServerProcess } from './server-process';
import { summarize } from './stats';

/** How long events may still arrive after the last call has been answered. */
const GRACE_MS = 5000;
const STEPS = ['Approved', 'Ready', 'Completed'] as const;
/** The three staff screens and the kitchen's, each with the list it fetches again on an event. */
const SCREENS = [
  { name: 'order summary', kind: 'order summary list', list: (id: number) => `/customer/orders/${id}` },
  { name: 'order summary 2', kind: 'order summary list', list: (id: number) => `/customer/orders/${id}` },
  {
    name: 'order management',
    kind: 'order management list',
    list: (id: number) => `/owner/restaurant/${id}/orders`,
  },
  { name: 'kitchen', kind: 'kitchen list', list: (id: number) => `/kitchen/restaurant/${id}/orders` },
] as const;

export type CallFigures = { calls: number; errors: number; p50: number; p99: number; max: number };

export type FridayRushResult = {
  seconds: number;
  diners: number;
  ordersPlaced: number;
  /** Milliseconds from each call's start to its answer, by kind; an error is a non-2xx or no answer. */
  calls: Record<string, CallFigures>;
  firstError: string | undefined;
  events: {
    expected: number;
    delivered: number;
    missed: number;
    /** Events at a socket they were not meant for (another diner's order). */
    misdelivered: number;
    /** From the start of the call that caused it to each intended socket's receipt. */
    latencyMs: { p50: number; p99: number; max: number };
  };
  server: { idleRssMB: number; cpuMsPerCall: number; peakRssMB: number; eventLoopDelayP99Ms: number };
  target: string;
};

export const fridayRushTarget = 'p99 ≤ 150 ms for every call, 0 errors, every event delivered';

type MenuItem = { menu_id: number; option_groups?: unknown[] };

/** The arrival times of `count` diners over `seconds`: few at first and last, most mid-rush. */
export function rushArrivals(count: number, seconds: number): number[] {
  // Density 0.6 at the edges rising to 1.4 mid-rush (a tent over a floor); its CDF inverted by bisection.
  const cdf = (x: number) => 0.6 * x + 0.8 * (x <= 0.5 ? 2 * x * x : 1 - 2 * (1 - x) * (1 - x)) * 0.5;
  return Array.from({ length: count }, (_, index) => {
    const target = (index + 0.5) / count;
    let [low, high] = [0, 1];
    for (let step = 0; step < 30; step++) {
      const middle = (low + high) / 2;
      if (cdf(middle) < target) low = middle;
      else high = middle;
    }
    return low * seconds * 1000;
  });
}

/** Seeds the demo restaurant in `dataDir`, starts a server on it, runs the rush, stops the server. */
export async function runFridayRush(options: {
  dataDir: string;
  seconds: number;
  diners: number;
  startServer: (dataDir: string) => Promise<ServerProcess>;
  log: (line: string) => void;
}): Promise<FridayRushResult> {
  const { log } = options;
  log(`Friday rush: ${options.diners} diners in ${options.seconds} s at the demo restaurant on PGlite`);
  const menuToken = await seedDemoRestaurant(options.dataDir);
  const server = await options.startServer(options.dataDir);
  try {
    return await measureRush(server, menuToken, options);
  } finally {
    await server.stop();
  }
}

async function measureRush(
  server: ServerProcess,
  menuToken: string,
  options: { seconds: number; diners: number; log: (line: string) => void },
): Promise<FridayRushResult> {
  const api = `${server.url}/api/v1`;
  const timings = new Map<string, number[]>();
  const errors = new Map<string, number>();
  let firstError: string | undefined;
  /** One call, timed and counted under `kind`; undefined when it failed. */
  async function call(
    kind: string,
    url: string,
    init: Parameters<typeof requestJson>[1],
    expected: number,
  ): Promise<JsonResponse | undefined> {
    const started = performance.now();
    const response = await requestJson(`${api}${url}`, init).catch((error: Error) => error);
    const failure =
      response instanceof Error
        ? response.message
        : response.status === expected
          ? undefined
          : `HTTP ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`;
    record(kind, started, failure);
    return failure === undefined ? (response as JsonResponse) : undefined;
  }
  /** A call's time since `started`, and its failure if it failed. */
  function record(kind: string, started: number, failure: string | undefined) {
    if (!timings.has(kind)) timings.set(kind, []);
    timings.get(kind)!.push(performance.now() - started);
    if (failure === undefined) return;
    errors.set(kind, (errors.get(kind) ?? 0) + 1);
    firstError ??= `${kind}: ${failure}`;
  }

  const ownerAddress = clientAddress('owner', 1);
  const login = await requestJson(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'x-forwarded-for': ownerAddress },
    body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
  });
  const { token: ownerToken, resturant } = login.body as {
    token: string;
    resturant?: { restaurant_id: number };
  };
  if (login.status !== 200 || !resturant) throw new Error(`demo owner login: HTTP ${login.status}`);
  const restaurantId = resturant.restaurant_id;
  const staffHeaders = { authorization: `Bearer ${ownerToken}`, 'x-forwarded-for': ownerAddress };

  // Every socket's receipts: `${socket}:${orderId}:${status}` → when (ms, performance clock).
  const receipts = new Map<string, number>();
  const sent = new Map<string, number>(); // `${orderId}:${status}` → the causing call's start
  let misdelivered = 0;
  const sockets: Socket[] = [];
  const connect = (name: string, token: string, onEvent: (orderId: number, status: string) => void) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(server.url, {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        query: { restaurant_id: String(restaurantId) },
        auth: { token },
      });
      for (const event of ['new_order', 'order_update'] as const)
        socket.on(event, (payload: string) => {
          const at = performance.now();
          const { order_id: orderId, status } = JSON.parse(payload) as { order_id: number; status: string };
          const key = `${orderId}:${event === 'new_order' ? 'new' : status}`;
          receipts.set(`${name}:${key}`, at);
          onEvent(orderId, status);
        });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
      sockets.push(socket);
    });

  // The staff screens: each fetches its list again on an event; one fetch at a time, and one more
  // after it when events came meanwhile (as a query invalidated while it loads).
  for (const screen of SCREENS) {
    let loading: Promise<void> | undefined;
    let again = false;
    const refresh = () => {
      if (loading) {
        again = true;
        return;
      }
      loading = (async () => {
        do {
          again = false;
          await call(screen.kind, screen.list(restaurantId), { headers: staffHeaders }, 200);
        } while (again);
        loading = undefined;
      })();
    };
    await connect(screen.name, ownerToken, refresh);
    refresh();
  }

  const idleRssMB = server.currentRss() / 1024 / 1024;
  const cpuBefore = server.cpuSeconds();
  server.takePeakRss();
  await server.report();
  const started = performance.now();
  const seconds = options.seconds;
  const arrivals = rushArrivals(options.diners, seconds);
  const placed: Array<{ orderId: number; diner: string }> = [];
  const random = (low: number, high: number) => low + Math.random() * (high - low);

  /** The kitchen moves one order along its steps, each after the previous one was answered. */
  async function cook(orderId: number) {
    // Approved within seconds; prepared in 10–25 % of the rush; collected seconds after.
    const waits = [random(1, 4) * 1000, random(0.1, 0.25) * seconds * 1000, random(2, 6) * 1000];
    for (const [step, status] of STEPS.entries()) {
      await sleep(waits[step]!);
      const callStarted = performance.now();
      const answer = await call(
        'status change',
        `/kitchen/restaurant/${restaurantId}/update-order-status/${orderId}`,
        { method: 'POST', headers: staffHeaders, body: { status } },
        200,
      );
      if (!answer) return;
      sent.set(`${orderId}:${status}`, callStarted);
    }
  }

  async function dine(index: number) {
    await sleep(arrivals[index]! - (performance.now() - started));
    const address = clientAddress('diner', index);
    const menu = await call(
      `menu`,
      `/customer/display-menu/${menuToken}`,
      { headers: { 'x-forwarded-for': address } },
      200,
    );
    if (!menu) return;
    const dishes = (menu.body as { menu: MenuItem[] }).menu.filter((item) => !item.option_groups?.length);
    const signUp = await call(
      'diner sign-up',
      '/customer/create',
      {
        method: 'POST',
        headers: { 'x-forwarded-for': address },
        body: {
          customer_name: `Rush diner ${index}`,
          email: `rush${index}@bench.example`,
          phone_number: '4155550100',
          restaurant_id: restaurantId,
          is_guest: true,
        },
      },
      201,
    );
    if (!signUp) return;
    const { token } = (signUp.body as { data: { token: string } }).data;
    const name = `diner ${index}`;
    const mine = new Set<number>();
    const connecting = performance.now();
    const connected = await connect(name, token, (orderId) => {
      if (!mine.has(orderId)) misdelivered++;
    }).then(
      () => undefined,
      (error: Error) => error.message,
    );
    record('diner socket', connecting, connected);
    // Choosing takes a moment; then two or three dishes at the diner's table.
    await sleep(random(1, 3) * 1000);
    const first = index % dishes.length;
    const callStarted = performance.now();
    const order = await call(
      'place-order',
      '/customer/place-order',
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address },
        body: {
          restaurant_id: restaurantId,
          order_items: [
            { menu_item_id: dishes[first]!.menu_id, quantity: 1 + (index % 2) },
            { menu_item_id: dishes[(first + 5) % dishes.length]!.menu_id, quantity: 1 },
          ],
          order_type: 'dine-in',
          table_no: 1 + (index % 12),
        },
      },
      201,
    );
    if (!order) return;
    const orderId = (order.body as { order_id: number }).order_id;
    mine.add(orderId);
    sent.set(`${orderId}:new`, callStarted);
    placed.push({ orderId, diner: name });
    await cook(orderId);
  }

  const progress = setInterval(
    () =>
      options.log(`  ${Math.round((performance.now() - started) / 1000)} s: ${placed.length} orders placed`),
    30_000,
  );
  try {
    await Promise.all(Array.from({ length: options.diners }, (_, index) => dine(index)));
    await sleep(GRACE_MS);
  } finally {
    clearInterval(progress);
  }
  const calls = [...timings.values()].reduce((sum, list) => sum + list.length, 0);
  const cpuMsPerCall = ((server.cpuSeconds() - cpuBefore) * 1000) / Math.max(1, calls);
  const peakRssMB = server.takePeakRss() / 1024 / 1024;
  const report = await server.report();
  for (const socket of sockets) socket.close();

  // Expected: each order's new_order at the four screens, each status at the screens and its diner.
  const latencies: number[] = [];
  let expected = 0;
  for (const { orderId, diner } of placed) {
    for (const [status, listeners] of [
      ['new', SCREENS.map((screen) => screen.name)],
      ...STEPS.map((step) => [step, [...SCREENS.map((screen) => screen.name), diner]] as const),
    ] as const) {
      const start = sent.get(`${orderId}:${status}`);
      if (start === undefined) continue;
      for (const listener of listeners) {
        expected++;
        const at = receipts.get(`${listener}:${orderId}:${status}`);
        if (at !== undefined) latencies.push(at - start);
      }
    }
  }
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    seconds,
    diners: options.diners,
    ordersPlaced: placed.length,
    calls: Object.fromEntries(
      [...timings].map(([kind, list]) => [
        kind,
        { calls: list.length, errors: errors.get(kind) ?? 0, ...summarize(list) },
      ]),
    ),
    firstError,
    events: {
      expected,
      delivered: latencies.length,
      missed: expected - latencies.length,
      misdelivered,
      latencyMs: summarize(latencies),
    },
    server: {
      idleRssMB: round(idleRssMB),
      cpuMsPerCall: round(cpuMsPerCall),
      peakRssMB: round(peakRssMB),
      eventLoopDelayP99Ms: round(report.eventLoopDelayMs.p99),
    },
    target: fridayRushTarget,
  };
}

/** The rush's figures, one line a call kind, then the events and the server. */
export function printFridayRush(result: FridayRushResult, log: (line: string) => void): void {
  log(
    `\nFriday rush (PGlite, demo restaurant): ${result.diners} diners over ${result.seconds} s, ${result.ordersPlaced} orders placed; target ${result.target}`,
  );
  log(
    `${'call'.padEnd(22)}${'calls'.padStart(7)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'max ms'.padStart(8)}${'errors'.padStart(8)}`,
  );
  for (const [kind, figures] of Object.entries(result.calls))
    log(
      `${kind.padEnd(22)}${String(figures.calls).padStart(7)}${String(figures.p50).padStart(8)}${String(figures.p99).padStart(8)}${String(figures.max).padStart(8)}${String(figures.errors).padStart(8)}`,
    );
  const { events, server } = result;
  log(
    `events: ${events.delivered} of ${events.expected} delivered (${events.missed} missed, ${events.misdelivered} misdelivered), latency p50 ${events.latencyMs.p50} ms, p99 ${events.latencyMs.p99} ms, max ${events.latencyMs.max} ms`,
  );
  log(
    `server: ${server.cpuMsPerCall} ms CPU a call, RSS ${server.idleRssMB} MB before the rush, peak ${server.peakRssMB} MB, event-loop delay p99 ${server.eventLoopDelayP99Ms} ms`,
  );
  if (result.firstError) log(`first error: ${result.firstError}`);
}
