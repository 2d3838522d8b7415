import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { SOCKET_OPTIONS } from '@tableserve/contract/realtime';
import { io, type Socket } from 'socket.io-client';

/**
 * The traffic of a dining room during a rolling restart: phones placing orders and staff screens
 * following them, each speaking to the proxy exactly as the web app does.
 */

type Answer = { status: number; body: unknown };

/** One HTTP call from the agent's source address (a phone of its own, as the per-address limits see it). */
export function request(
  agent: http.Agent,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown },
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      {
        agent,
        method: options.method ?? 'GET',
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {}
          resolve({ status: response.statusCode ?? 0, body });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** What a retry is for: the proxy found no instance, or the connection broke under the request. */
const RETRIED_STATUSES = new Set([502, 503, 504]);

export type DinerReport = {
  index: number;
  address: string;
  customerId: number;
  /** Every order this diner was told was placed: its key, the order id of the 201, and when. */
  acknowledged: { key: string; orderId: number; at: number }[];
  /** Orders given up on, with the last answer. */
  failed: { key: string; last: string }[];
  /** Each retry and why (a network error's message, or a status). */
  retries: string[];
};

/**
 * A phone at a table: signs up as a guest, then places an order every `everyMs` until told to
 * stop, each with its own Idempotency-Key, and retries an order with the SAME key on a network
 * error, 502, 503 or 504, as the checkout does (its key survives until the order is answered).
 * A 409 "already being processed" means an earlier try with this key is still running on an
 * instance: wait and ask again.
 */
export async function runDiner(options: {
  baseUrl: string;
  index: number;
  restaurantId: number;
  itemIds: number[];
  tables: number;
  everyMs: number;
  runId: string;
  stopped: () => boolean;
}): Promise<DinerReport> {
  const address = `127.0.0.${2 + options.index}`;
  const agent = new http.Agent({ keepAlive: true, localAddress: address });
  const report: DinerReport = {
    index: options.index,
    address,
    customerId: 0,
    acknowledged: [],
    failed: [],
    retries: [],
  };
  const signUp = await request(agent, `${options.baseUrl}/api/v1/customer/create`, {
    method: 'POST',
    body: {
      customer_name: `Diner ${options.index}`,
      email: `diner${options.index}.${options.runId}@rolling.example`,
      phone_number: '4155550100',
      restaurant_id: options.restaurantId,
      is_guest: true,
    },
  });
  if (signUp.status !== 201)
    throw new Error(
      `diner ${options.index}: sign-up answered ${signUp.status} ${JSON.stringify(signUp.body)}`,
    );
  const { data } = signUp.body as { data: { customer_id: number; token: string } };
  report.customerId = data.customer_id;

  // Phones do not start in step.
  await sleep(Math.random() * options.everyMs);
  for (let order = 0; !options.stopped(); order++) {
    const started = Date.now();
    const key = `rolling-${options.runId}-${options.index}-${order}-${randomUUID()}`;
    const body = {
      restaurant_id: options.restaurantId,
      order_items: [{ menu_item_id: options.itemIds[order % options.itemIds.length]!, quantity: 1 }],
      order_type: 'dine-in',
      table_no: 1 + ((options.index + order) % options.tables),
    };
    let last = '';
    for (let attempt = 0; attempt < 60; attempt++) {
      if (attempt > 0) {
        report.retries.push(last);
        await sleep(500);
      }
      const answer = await request(agent, `${options.baseUrl}/api/v1/customer/place-order`, {
        method: 'POST',
        headers: { authorization: `Bearer ${data.token}`, 'idempotency-key': key },
        body,
      }).catch((error: Error) => error);
      if (answer instanceof Error) {
        last = `network: ${answer.message}`;
        continue;
      }
      last = `${answer.status} ${JSON.stringify(answer.body)}`;
      const inProgress =
        answer.status === 409 && (answer.body as { code?: string }).code === 'REQUEST_IN_PROGRESS';
      if (RETRIED_STATUSES.has(answer.status) || inProgress) continue;
      if (answer.status === 201) {
        report.acknowledged.push({
          key,
          orderId: (answer.body as { order_id: number }).order_id,
          at: Date.now(),
        });
        last = '';
      }
      break;
    }
    if (last) report.failed.push({ key, last });
    await sleep(Math.max(0, options.everyMs - (Date.now() - started)));
  }
  agent.destroy();
  return report;
}

export type StaffScreen = ReturnType<typeof staffScreen>;

/**
 * A staff screen's live channel, as apps/web/src/hooks/use-live-socket.ts keeps it: websocket
 * only, tries 1 s apart, back by itself after the server closed it (a restart) or after its
 * attempts ran out; every connection after the first catches up by refetching the orders list
 * (delivery is at most once). Records every order it has seen, by event or by catch-up.
 */
export function staffScreen(options: { baseUrl: string; restaurantId: number; token: string }) {
  const seen = new Set<number>();
  let connections = 0;
  let disconnects = 0;
  let catchUps = 0;
  const disconnectReasons: string[] = [];
  const socket: Socket = io(options.baseUrl, {
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    forceNew: true,
    reconnectionDelayMax: 1000,
    query: { restaurant_id: String(options.restaurantId) },
    auth: { token: options.token },
  });
  let retry: ReturnType<typeof setTimeout> | undefined;
  const connectAgainSoon = (delayMs = 1000) => {
    clearTimeout(retry);
    retry = setTimeout(() => socket.connect(), delayMs * (0.5 + Math.random()));
  };

  /** The Order Management list, every page, as a reconnected screen refetches it. */
  async function catchUp() {
    catchUps += 1;
    for (let page = 1; ; page++) {
      const response = await fetch(
        `${options.baseUrl}/api/v1/owner/restaurant/${options.restaurantId}/orders?page=${page}&per_page=50`,
        { headers: { authorization: `Bearer ${options.token}` } },
      );
      if (!response.ok) throw new Error(`catch-up answered ${response.status}`);
      const list = (await response.json()) as {
        orders: { order_id: number }[];
        pagination: { total_pages: number };
      };
      for (const order of list.orders) seen.add(order.order_id);
      if (page >= list.pagination.total_pages) return;
    }
  }
  let catchingUp: Promise<void> = Promise.resolve();
  const failures: string[] = [];

  /** A failed catch-up (the proxy between two instances) is tried again, as the web app's query is. */
  async function catchUpUntilDone() {
    for (let attempt = 1; ; attempt++) {
      try {
        return await catchUp();
      } catch (error) {
        failures.push((error as Error).message);
        if (attempt === 10) throw error;
        await sleep(1000);
      }
    }
  }

  socket.on('connect', () => {
    connections += 1;
    if (connections > 1) catchingUp = catchUpUntilDone();
  });
  socket.on('disconnect', (reason) => {
    disconnects += 1;
    disconnectReasons.push(reason);
    if (reason === 'io server disconnect') connectAgainSoon();
  });
  socket.on('connect_error', () => {
    if (!socket.active) connectAgainSoon(5000);
  });
  socket.io.on('reconnect_failed', () => connectAgainSoon());
  socket.on('new_order', (message: string) => {
    seen.add((JSON.parse(message) as { order_id: number }).order_id);
  });

  return {
    connected: () =>
      new Promise<void>((resolve, reject) => {
        if (socket.connected) return resolve();
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      }),
    /** Waits until the screen is connected and its latest catch-up has finished. */
    async settled() {
      while (!socket.connected) await sleep(50);
      await catchingUp;
    },
    seen,
    stats: () => ({ connections, disconnects, catchUps, disconnectReasons, failures }),
    close() {
      clearTimeout(retry);
      socket.close();
    },
  };
}
