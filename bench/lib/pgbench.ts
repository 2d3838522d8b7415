import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { placeOrdersStatement } from '../../apps/server/src/modules/orders/place-order-statement';
import type { SeededRestaurant } from './seed';

/**
 * What this machine's PostgreSQL commits with the statements of one place-order (the bench's
 * goal may be met as a share of it): pgbench, with the same durability as the server (the
 * server's settings, nothing changed), running the very statements the server sends for a diner's
 * order without an Idempotency-Key, as the bench's orders are: the order in one statement
 * (place-order-statement.ts), prepared, one order a transaction. The server writes several in one
 * when they wait for a connection together (group commit); pgbench's figure stays what this
 * machine commits one order at a time. The token version's read is not among them: the server
 * keeps it in memory (lib/session-tokens.ts).
 */

export type PgbenchResult = {
  clients: number;
  seconds: number;
  transactions: number;
  failed: number;
  /** Transactions committed a second. */
  tps: number;
  latencyMs: { mean: number; p99: number };
};

/** Debian puts pgbench on PATH, or under the server's own bin directory. */
function pgbenchPath(): string {
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort().reverse()
    : [];
  for (const version of versions) {
    const candidate = `/usr/lib/postgresql/${version}/bin/pgbench`;
    if (existsSync(candidate)) return candidate;
  }
  return 'pgbench';
}

/** A pgbench expression: the value of `field` of restaurants[:restaurant] (it has no arrays). */
const pick = (restaurants: readonly SeededRestaurant[], field: (restaurant: SeededRestaurant) => number) =>
  `case ${restaurants.map((restaurant, index) => `when :restaurant = ${index} then ${field(restaurant)}`).join(' ')} end`;

/**
 * One place-order of a random diner at a random restaurant's random table, two lines of its
 * first two dishes: the server's statement with its parameters written as pgbench variables and
 * literals. ONE script, so each connection prepares and plans the statement once, as each of the
 * server's pool connections does: with a script per restaurant (as before) every connection
 * prepared up to 100 statements and planned each again for its first five runs (PostgreSQL's
 * custom plans), and pgbench measured the planner, at 180–340 tps where the one statement
 * commits 650–1,600 on the same machine.
 */
export function placeOrderScript(
  restaurants: readonly SeededRestaurant[],
  diners: { first: number; last: number },
): string {
  // The line's order_id is its order's place in the statement's batch: here a batch of one.
  const line = (item: string, quantity: number) =>
    `jsonb_build_object('order_id', 1, 'menu_item_id', ${item}, 'product_name', 'Dish', ` +
    `'unit_price_cents', 1000, 'quantity', ${quantity}, 'options', '[]'::jsonb, 'tax_rate', 0, ` +
    `'tax_cents', 0, 'service_cents', 0)`;
  const parameters: Record<string, string> = {
    $1:
      `jsonb_build_array(jsonb_build_object('restaurant_id', :restaurant_id::int, 'customer_id', :customer::int, ` +
      `'status', 'Pending', 'order_type', 'dine-in', 'table_number', :table::int, 'total_cents', 3000, ` +
      `'subtotal_cents', 3000, 'tax_cents', 0, 'tax_included', false, 'service_cents', 0, ` +
      `'created_at', now(), 'updated_at', now()))`,
    // No Idempotency-Key, as the bench's orders.
    $2: `'[]'::jsonb`,
    $3: `jsonb_build_array(${line(':first_dish::int', 2)}, ${line(':second_dish::int', 1)})`,
  };
  const statement = placeOrdersStatement.text
    .replace(/\$[1-3](?!\d)/g, (name) => `(${parameters[name]})`)
    .replace(/\s+/g, ' ')
    .trim();
  return [
    `\\set restaurant random(0, ${restaurants.length - 1})`,
    `\\set restaurant_id ${pick(restaurants, (restaurant) => restaurant.id)}`,
    `\\set first_dish ${pick(restaurants, (restaurant) => restaurant.itemIds[0])}`,
    `\\set second_dish ${pick(restaurants, (restaurant) => restaurant.itemIds[1])}`,
    `\\set tables ${pick(restaurants, (restaurant) => restaurant.numberOfTables)}`,
    `\\set customer random(${diners.first}, ${diners.last})`,
    '\\set table random(1, :tables)',
    `${statement};`,
    '',
  ].join('\n');
}

/**
 * Runs the place-order script against `databaseUrl` (the bench's own database, seeded: it writes
 * orders there) at `clients` connections for `seconds`, over every one of `restaurants` and every
 * customer of the database. `clients` is the number of connections PostgreSQL sees: compare it
 * with the server's pool size, not with the bench's HTTP connections.
 */
export async function runPlaceOrderPgbench(options: {
  databaseUrl: string;
  restaurants: SeededRestaurant[];
  clients: number;
  seconds: number;
}): Promise<PgbenchResult> {
  const { databaseUrl, clients, seconds } = options;
  const range = await queryOne<{ first: number | null; last: number }>(
    databaseUrl,
    'select min(id) as first, max(id) as last from customers',
  );
  if (range.first === null) throw new Error('pgbench: the database has no customers to order for');
  const ordersBefore = await orderCount(databaseUrl);

  const directory = await mkdtemp(path.join(os.tmpdir(), 'tableserve-pgbench-'));
  try {
    const script = path.join(directory, 'place-order.sql');
    await writeFile(script, placeOrderScript(options.restaurants, { first: range.first, last: range.last }));
    const output = await run(pgbenchPath(), [
      '--no-vacuum',
      '--protocol=prepared',
      `--client=${clients}`,
      `--jobs=${Math.min(clients, os.availableParallelism())}`,
      `--time=${seconds}`,
      '--log',
      `--log-prefix=${path.join(directory, 'latency')}`,
      `--file=${script}`,
      databaseUrl,
    ]);
    const figure = (pattern: RegExp) => {
      const match = pattern.exec(output);
      if (!match) throw new Error(`pgbench: no ${pattern} in its output:\n${output}`);
      return Number(match[1]);
    };
    const latencies = await transactionLatencies(directory);
    const transactions = figure(/number of transactions actually processed: (\d+)/);
    // The statement answers no row when it writes nothing (a customer gone, too little left):
    // a rate of transactions that wrote no order would measure nothing. At least: the server may
    // still be answering the last requests of the scenario before.
    const written = (await orderCount(databaseUrl)) - ordersBefore;
    if (written < transactions)
      throw new Error(`pgbench: ${transactions} transactions wrote only ${written} orders`);
    return {
      clients,
      seconds,
      transactions,
      failed: /number of failed transactions: (\d+)/.test(output)
        ? figure(/number of failed transactions: (\d+)/)
        : 0,
      tps: figure(/tps = ([\d.]+) \(without initial connection time\)/),
      latencyMs: {
        mean: figure(/latency average = ([\d.]+) ms/),
        p99: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0,
      },
    };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

async function queryOne<Row extends object>(databaseUrl: string, text: string): Promise<Row> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<Row>(text);
    return rows[0]!;
  } finally {
    await client.end();
  }
}

const orderCount = async (databaseUrl: string) =>
  Number((await queryOne<{ count: string }>(databaseUrl, 'select count(*) from orders')).count);

/** Every transaction's latency in ms, sorted, from pgbench's --log files (the third field, µs). */
async function transactionLatencies(directory: string): Promise<number[]> {
  const files = (await readdir(directory)).filter((file) => file.startsWith('latency'));
  const latencies: number[] = [];
  for (const file of files) {
    for (const line of (await readFile(path.join(directory, file), 'utf8')).split('\n')) {
      const micros = Number(line.split(' ')[2]);
      if (line && Number.isFinite(micros)) latencies.push(micros / 1000);
    }
  }
  return latencies.sort((a, b) => a - b);
}

/** Runs a program to its end; its standard output and error together, or a failure naming both. */
function run(program: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${program} exited with ${code}:\n${output}`)),
    );
  });
}
