import type { Diner, Owner } from './accounts';
import { orderBody } from './accounts';
import { expectStatus, inPool, requestJson } from './http';
import { sleep } from './processes';
import type { SeededRestaurant } from './seed';
import type { ServerProcess } from './server-process';
import { SocketClients } from './socket-clients';
import { EVENT_CODES, ORDER_STATUSES, RECEIPT_FIELDS, type SocketSpec } from './socket-protocol';
import { summarize } from './stats';

/** The kitchen moves each order along Pending → Approved → Ready → Completed: three changes an order. */
const STEPS = ['Approved', 'Ready', 'Completed'] as const;
/** How long events may still arrive after the last status change has been answered. */
const GRACE_MS = 5000;
const MB = 1024 * 1024;

export type EventsResult = {
  instances: number;
  sockets: {
    requested: number;
    staff: number;
    diners: number;
    connected: number;
    refused: number;
    firstRefusal?: string;
    connectSeconds: number;
    /** Sockets the server dropped while events were being sent. */
    dropped: number;
  };
  changes: {
    perSecondAsked: number;
    perSecondSent: number;
    sent: number;
    errors: number;
    httpLatencyMs: { p50: number; p99: number; max: number };
  };
  delivery: {
    expected: number;
    delivered: number;
    missed: number;
    /** An order's event reaching a socket it was not meant for: must be 0. */
    misdelivered: number;
    duplicates: number;
    /** Events no status change of this run caused (none is expected; another user of the same Redis could). */
    unexpected: number;
    /** From the start of the status change's HTTP call to each intended socket's receipt. */
    latencyMs: { p50: number; p99: number; max: number };
    laterThan5sPercent: number;
  };
  servers: Array<{
    label: string;
    peakRssMB: number;
    eventLoopDelayP99Ms: number;
    eventLoopDelayMaxMs: number;
    /**
     * The server's CPU time from the first status change until the last event arrived (or the
     * grace ran out), per change sent: the call, the event and its frames, all in.
     */
    cpuMsPerChange: number;
  }>;
  /** docs/performance.md's memory budget for the socket-holding process: 250 MB plus 10 KB per open socket. */
  rssBudgetMB: number;
};

type Tracked = { orderId: number; restaurantId: number; customerId: number };
type Change = { order: Tracked; status: number; startNs: number; ok: boolean };

/**
 * Event delivery: `sockets` staff screens (one in ten, spread over the restaurants) and diners'
 * phones connected to `socketServer`, while the kitchen changes order statuses through
 * `changeServer`'s API at `changesPerSecond` for `seconds`. With two servers on one Redis, the
 * events cross from one to the other. Every socket records every event, so one that reaches a
 * socket it was not meant for is counted (misdelivered), as is one that never arrives (missed).
 */
export async function measureEvents(options: {
  socketServer: ServerProcess;
  changeServer: ServerProcess;
  restaurants: SeededRestaurant[];
  owners: Owner[];
  diners: Diner[];
  sockets: number;
  changesPerSecond: number;
  seconds: number;
  /**
   * Status changes at the same pace before the measured ones, on orders of their own, their events
   * heard and dropped: as the load runs warm up (load.ts), the figures are of a server that has
   * been moving orders, not of its first seconds after the sockets' handshakes.
   */
  warmupSeconds: number;
  workers: number;
  log: (line: string) => void;
}): Promise<EventsResult> {
  const { socketServer, changeServer, restaurants, owners, diners } = options;
  const servers = socketServer === changeServer ? [socketServer] : [socketServer, changeServer];
  const ownerTokens = new Map(owners.map((owner) => [owner.restaurantId, owner.token]));
  const totalChanges = Math.max(1, Math.round(options.changesPerSecond * options.seconds));
  const warmupChanges = Math.round(options.changesPerSecond * options.warmupSeconds);

  // The orders the kitchen will move, one per diner, placed before any socket listens: the warm-up's
  // first, then the measured ones.
  const warmupOrderCount = Math.ceil(warmupChanges / STEPS.length);
  const orderCount = warmupOrderCount + Math.ceil(totalChanges / STEPS.length);
  options.log(`  placing ${orderCount} orders to move`);
  const placed = await inPool(orderCount, 16, async (index): Promise<Tracked> => {
    const diner = diners[index % diners.length]!;
    // Past the last diner, the next restaurant: each diner stays under 10 orders a minute per restaurant.
    const restaurant = restaurants[(index + Math.floor(index / diners.length)) % restaurants.length]!;
    const response = await requestJson(`${changeServer.url}/api/v1/customer/place-order`, {
      method: 'POST',
      headers: { authorization: `Bearer ${diner.token}`, 'x-forwarded-for': diner.address },
      body: orderBody(restaurant, index),
    });
    expectStatus(response, 201, 'an order to move');
    const orderId = (response.body as { order_id: number }).order_id;
    return { orderId, restaurantId: restaurant.id, customerId: diner.customerId };
  });
  const warmupOrders = placed.slice(0, warmupOrderCount);
  const tracked = placed.slice(warmupOrderCount);
  const restaurantOfDiner = new Map(placed.map((order) => [order.customerId, order.restaurantId]));

  // Who listens: staff sockets round-robin over the restaurants, then one socket per diner.
  const staffCount = Math.min(options.sockets, Math.round(options.sockets / 10));
  const dinerCount = Math.min(options.sockets - staffCount, diners.length);
  const specs: SocketSpec[] = [];
  const staffOf: Array<number | undefined> = [];
  const customerOf: Array<number | undefined> = [];
  for (let index = 0; index < staffCount; index++) {
    const owner = owners[index % owners.length]!;
    specs.push({ id: specs.length, restaurantId: owner.restaurantId, token: owner.token });
    staffOf.push(owner.restaurantId);
    customerOf.push(undefined);
  }
  for (let index = 0; index < dinerCount; index++) {
    const diner = diners[index]!;
    const restaurantId =
      restaurantOfDiner.get(diner.customerId) ?? restaurants[index % restaurants.length]!.id;
    specs.push({ id: specs.length, restaurantId, token: diner.token });
    staffOf.push(undefined);
    customerOf.push(diner.customerId);
  }

  const clients = SocketClients.start(options.workers);
  try {
    const baseNs = process.hrtime.bigint();
    const now = () => Number(process.hrtime.bigint() - baseNs);
    options.log(`  connecting ${specs.length} sockets from ${options.workers} processes`);
    const connectStarted = now();
    const { failed, firstError } = await clients.connect(socketServer.url, baseNs, specs);
    const connectSeconds = (now() - connectStarted) / 1e9;
    const connected = specs.map(() => true);
    for (const id of failed) connected[id] = false;
    // How many connected sockets each restaurant's staff room and each diner's room hold.
    const staffListeners = new Map<number, number>();
    const dinerListeners = new Map<number, number>();
    for (const spec of specs) {
      if (!connected[spec.id]) continue;
      const restaurantId = staffOf[spec.id];
      const customerId = customerOf[spec.id];
      if (restaurantId !== undefined)
        staffListeners.set(restaurantId, (staffListeners.get(restaurantId) ?? 0) + 1);
      if (customerId !== undefined) dinerListeners.set(customerId, (dinerListeners.get(customerId) ?? 0) + 1);
    }
    const listenersOf = (order: Tracked) =>
      (staffListeners.get(order.restaurantId) ?? 0) + (dinerListeners.get(order.customerId) ?? 0);

    /**
     * Moves `orders` through STEPS, `count` changes in all, in an open loop: changes are started on
     * schedule whatever the server's pace; the same order's next step waits for its previous one
     * (the status machine would refuse it otherwise). Resolves once every call has answered.
     */
    const runChanges = async (orders: Tracked[], count: number) => {
      const changes: Change[] = [];
      const httpLatencies: number[] = [];
      const previous = new Map<number, Promise<void>>();
      let lastStartNs = 0;
      const change = async (order: Tracked, step: number) => {
        const record: Change = {
          order,
          status: ORDER_STATUSES.indexOf(STEPS[step]!),
          startNs: now(),
          ok: false,
        };
        changes.push(record);
        lastStartNs = record.startNs;
        const response = await requestJson(
          `${changeServer.url}/api/v1/kitchen/restaurant/${order.restaurantId}/update-order-status/${order.orderId}`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${ownerTokens.get(order.restaurantId)}` },
            body: { status: STEPS[step] },
          },
        ).catch(() => undefined);
        httpLatencies.push((now() - record.startNs) / 1e6);
        record.ok = response?.status === 200;
      };
      const sendStarted = now();
      for (let issued = 0; issued < count; ) {
        const due = Math.min(count, Math.floor(((now() - sendStarted) / 1e9) * options.changesPerSecond) + 1);
        for (; issued < due; issued++) {
          const order = orders[issued % orders.length]!;
          const step = Math.floor(issued / orders.length);
          const next = (previous.get(order.orderId) ?? Promise.resolve()).then(() => change(order, step));
          previous.set(order.orderId, next);
        }
        await sleep(2);
      }
      await Promise.all(previous.values());
      // The pace the calls were started at (a slow answer delays only its own order's next step).
      const sendSeconds = Math.max((lastStartNs - sendStarted) / 1e9, 1 / options.changesPerSecond);
      const expected = changes.reduce((sum, record) => sum + (record.ok ? listenersOf(record.order) : 0), 0);
      return { changes, httpLatencies, sendSeconds, expected };
    };
    /** Waits (GRACE_MS at most) until the sockets have heard `expected` events more than `from`. */
    const heard = async (from: number, expected: number) => {
      for (const waitStarted = Date.now(); Date.now() - waitStarted < GRACE_MS; await sleep(100)) {
        if ((await clients.counts()).received - from >= expected) break;
      }
    };

    if (warmupChanges > 0) {
      options.log(`  warming up: ${warmupChanges} status changes at ${options.changesPerSecond}/s`);
      const before = (await clients.counts()).received;
      const warmup = await runChanges(warmupOrders, warmupChanges);
      await heard(before, warmup.expected);
      await clients.collect();
    }
    for (const server of servers) {
      await server.report();
      server.takePeakRss();
    }
    const baseline = await clients.counts();
    const cpuBefore = servers.map((server) => server.cpuSeconds());
    options.log(`  ${totalChanges} status changes at ${options.changesPerSecond}/s`);
    const { changes, httpLatencies, sendSeconds, expected } = await runChanges(tracked, totalChanges);
    await heard(baseline.received, expected);
    const { disconnects } = await clients.counts();
    const cpuSpent = servers.map((server, index) => server.cpuSeconds() - cpuBefore[index]!);
    const windows = [];
    for (const [index, server] of servers.entries()) {
      const report = await server.report();
      windows.push({
        label: server.label,
        peakRssMB: Math.round((server.takePeakRss() / MB) * 10) / 10,
        eventLoopDelayP99Ms: report.eventLoopDelayMs.p99,
        eventLoopDelayMaxMs: report.eventLoopDelayMs.max,
        cpuMsPerChange: Math.round((cpuSpent[index]! * 1000 * 100) / changes.length) / 100,
      });
    }

    const delivery = score(await clients.collect(), changes, { staffOf, customerOf, connected }, expected);
    return {
      instances: servers.length,
      sockets: {
        requested: options.sockets,
        staff: staffCount,
        diners: dinerCount,
        connected: specs.length - failed.length,
        refused: failed.length,
        ...(firstError ? { firstRefusal: firstError } : {}),
        connectSeconds: Math.round(connectSeconds * 10) / 10,
        dropped: disconnects,
      },
      changes: {
        perSecondAsked: options.changesPerSecond,
        perSecondSent: Math.round(changes.length / sendSeconds),
        sent: changes.length,
        errors: changes.filter((record) => !record.ok).length,
        httpLatencyMs: summarize(httpLatencies),
      },
      delivery,
      servers: windows,
      rssBudgetMB: Math.round(250 + ((specs.length - failed.length) * 10) / 1024),
    };
  } finally {
    await clients.close();
  }
}

/** Matches every receipt to the change that caused it and the sockets that change was meant for. */
function score(
  receipts: number[],
  changes: Change[],
  sockets: {
    staffOf: Array<number | undefined>;
    customerOf: Array<number | undefined>;
    connected: boolean[];
  },
  expected: number,
): EventsResult['delivery'] {
  const byKey = new Map(changes.map((record) => [`${record.order.orderId}:${record.status}`, record]));
  const seen = new Set<string>();
  const latencies: number[] = [];
  let misdelivered = 0;
  let duplicates = 0;
  let unexpected = 0;
  for (let offset = 0; offset < receipts.length; offset += RECEIPT_FIELDS) {
    const [socket, event, orderId, status, at] = receipts.slice(offset, offset + RECEIPT_FIELDS) as [
      number,
      number,
      number,
      number,
      number,
    ];
    const record = event === EVENT_CODES.order_update ? byKey.get(`${orderId}:${status}`) : undefined;
    if (!record) {
      unexpected++;
      continue;
    }
    const meant =
      sockets.connected[socket] === true &&
      (sockets.staffOf[socket] === record.order.restaurantId ||
        sockets.customerOf[socket] === record.order.customerId);
    if (!meant) {
      misdelivered++;
      continue;
    }
    const key = `${socket}:${orderId}:${status}`;
    if (seen.has(key)) {
      duplicates++;
      continue;
    }
    seen.add(key);
    if (record.ok) latencies.push((at - record.startNs) / 1e6);
  }
  const late = latencies.filter((latency) => latency > 5000).length;
  return {
    expected,
    delivered: latencies.length,
    missed: Math.max(0, expected - latencies.length),
    misdelivered,
    duplicates,
    unexpected,
    latencyMs: summarize(latencies),
    laterThan5sPercent: latencies.length ? Math.round((late / latencies.length) * 1000) / 10 : 0,
  };
}
