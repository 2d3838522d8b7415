import { getTableColumns, getTableName, type Table } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { connectionsOf, runPrepared } from '../../db/prepared';
import { orderItems, orders } from '../../db/schema';
import { batched } from '../../lib/batches';
import type { KeyClaim } from '../../lib/idempotency';
import type { StockChange } from '../menu/stock-counts';
import type { TaxedLine } from './order-money';
import type { NewOrder, OrderRow } from './orders.repository';

/** An order at the counter, as one statement writes it: its diner's name and phone are read there. */
export type OrderDraft = Omit<NewOrder, 'customerName' | 'phoneNumber' | 'customerId'> & {
  customerId: number;
};

/**
 * An object of a table's fields as a JSON row of its column names, for jsonb_populate_record.
 * The names are looked up once per table, not paired anew for every order and line: that was
 * half of this step's cost (with JSON.stringify, 1.7 % of a place-order's time in a profile).
 */
function rowJsonOf(table: Table) {
  const columnNames = new Map(
    Object.entries(getTableColumns(table)).map(([field, column]) => [field, column.name]),
  );
  return (values: object) => {
    const row: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(values)) {
      const name = columnNames.get(field);
      if (name === undefined) throw new Error(`${field}: no column of ${getTableName(table)}`);
      row[name] = value;
    }
    return JSON.stringify(row);
  };
}
const orderJson = rowJsonOf(orders);
const lineRowJson = rowJsonOf(orderItems);

/** The order as the repository reads it: every column under its field's name. */
const orderRowColumns = Object.entries(getTableColumns(orders))
  .map(([field, column]) => `${column.name} as "${field}"`)
  .join(', ');

/**
 * Diners' orders, several at once under load, in one statement, one round trip and one commit
 * (group commit: the batches are made by writeOrders below), with every check and lock the
 * transaction of place-order.ts takes, for each order on its own and in that order of effect:
 * - the customer must exist, and the order copies their name and phone as they read now;
 * - the counted items among the lines are locked in id order (ADR 015: concurrent orders queue,
 *   never deadlock; the lock returns the latest count) and each must have enough left for it;
 * - only then is its Idempotency-Key claimed (ON CONFLICT DO NOTHING waits for a concurrent
 *   holder of the same key to commit; of two orders of the batch with one key, one claims it),
 *   with its answer: the order's id is drawn first for it;
 * - with the key claimed (or none given): the counts taken, the order and its lines written, each
 *   line holding its quantity when its item is counted, else nothing (planHolds for a new order).
 * A counted item wanted by two orders of one batch is written by neither: the count each was
 * checked against is the one before both. The statement is atomic: it writes all of this or
 * nothing. It answers a row for each order it wrote, by its place in the batch ("batchIndex",
 * from 1); an order it did not write (a customer gone, too few left, a key already used, a
 * count shared) has none, and the caller's transaction answers it. The lines name their order
 * by that place too (order_id, until the statement has drawn the order's id).
 * It names tables other modules own (customers, menu_items, idempotency_keys), as one statement
 * must; it keeps their rules as their owners state them: customerReads.byId, menuRepository's
 * adjustStock, lib/idempotency.ts (whose onceInOneStatement is its caller).
 */
export const placeOrdersStatement = {
  name: 'place-orders',
  text: `
with o as (select * from jsonb_populate_recordset(null::orders, $1::jsonb) with ordinality),
  claims as (
    select * from jsonb_to_recordset($2::jsonb)
      as c(batch_index int, scope text, key text, request_hash text, answer jsonb)),
  lines as (select * from jsonb_populate_recordset(null::order_items, $3::jsonb) with ordinality),
  wanted as (
    select l.order_id as batch_index, l.menu_item_id as id, sum(l.quantity)::int as quantity
    from lines l group by l.order_id, l.menu_item_id),
  counted as (
    select m.id, m.name, m.stock from menu_items m
    where m.id = any (array(select id from wanted)) and m.stock is not null
      and exists (
        select from wanted w join o on o.ordinality = w.batch_index
        where w.id = m.id and o.restaurant_id = m.restaurant_id)
    order by m.id for update of m),
  shared as (select w.id from wanted w join counted using (id) group by w.id having count(*) > 1),
  customer as (
    select o.ordinality as batch_index, c.customer_name, c.phone_number
    from o join customers c on c.id = o.customer_id
    where c.id = any (array(select customer_id from o))),
  next_order as (
    select cu.batch_index, nextval('orders_id_seq')::int as id from customer cu
    where not exists (
      select from counted c join wanted w using (id)
      where w.batch_index = cu.batch_index and (c.stock < w.quantity or c.id in (select id from shared)))),
  claimed as (
    insert into idempotency_keys (scope, key, request_hash, response_status, response_body)
    select c.scope, c.key, c.request_hash, 201, c.answer || jsonb_build_object('order_id', n.id)
    from next_order n join claims c using (batch_index)
    on conflict do nothing
    returning (response_body->>'order_id')::int as id),
  accepted as (
    select n.batch_index, n.id from next_order n
    where n.id in (select id from claimed)
      or not exists (select from claims c where c.batch_index = n.batch_index)),
  taken as (
    update menu_items m set stock = m.stock - w.quantity
    from counted c join wanted w using (id) join accepted a using (batch_index)
    where m.id = c.id
    returning m.id, m.name, m.stock, c.stock as before, a.batch_index),
  placed as (
    insert into orders (id, restaurant_id, customer_id, customer_name, phone_number, status, order_type,
      table_number, total_cents, subtotal_cents, tax_cents, tax_included, service_cents, party_size,
      order_time, latitude, longitude, created_at, updated_at)
    select a.id, o.restaurant_id, o.customer_id, cu.customer_name, cu.phone_number,
      o.status, o.order_type, o.table_number, o.total_cents, o.subtotal_cents, o.tax_cents, o.tax_included,
      o.service_cents, o.party_size, o.order_time, o.latitude, o.longitude, o.created_at, o.updated_at
    from accepted a join o on o.ordinality = a.batch_index join customer cu using (batch_index)
    returning ${orderRowColumns}),
  placed_lines as (
    insert into order_items (order_id, menu_item_id, product_name, unit_price_cents, quantity, options,
      stock_taken, tax_name, tax_rate, tax_cents, service_cents)
    select a.id, l.menu_item_id, l.product_name, l.unit_price_cents, l.quantity, l.options,
      case when l.menu_item_id in (select id from counted) then l.quantity else 0 end,
      l.tax_name, l.tax_rate, l.tax_cents, l.service_cents
    from placed p join accepted a using (id) join lines l on l.order_id = a.batch_index
    order by a.batch_index, l.ordinality)
select a.batch_index as "batchIndex", p.*,
  (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'stock', t.stock, 'before', t.before)), '[]')
    from taken t where t.batch_index = a.batch_index) as "stockChanged"
from placed p join accepted a using (id)`,
};

/** One diner's order for the statement, and what its Idempotency-Key records. */
export type OrderToWrite = {
  claim: KeyClaim | undefined;
  order: OrderDraft;
  lines: readonly TaxedLine[];
  /** What the key records, its order_id set by the statement to the id it drew. */
  answer: object;
};

/** An order the statement wrote, and the counts it took. */
export type WrittenOrder = { row: OrderRow; stockChanged: StockChange[] };

/** The orders of a batch written by one statement; undefined for each it did not write. */
export async function writeOrders(
  db: Db,
  batch: readonly OrderToWrite[],
): Promise<Array<WrittenOrder | undefined>> {
  const claims: object[] = [];
  const lines: string[] = [];
  batch.forEach((input, index) => {
    const batchIndex = index + 1;
    if (input.claim)
      claims.push({
        batch_index: batchIndex,
        scope: input.claim.scope,
        key: input.claim.key,
        request_hash: input.claim.requestHash,
        answer: input.answer,
      });
    for (const line of input.lines) lines.push(lineRowJson({ ...line, orderId: batchIndex }));
  });
  const rows = await runPrepared<OrderRow & { batchIndex: number; stockChanged: StockChange[] }>(
    db,
    placeOrdersStatement,
    [
      `[${batch.map((input) => orderJson(input.order)).join(',')}]`,
      JSON.stringify(claims),
      `[${lines.join(',')}]`,
    ],
  );
  const written: Array<WrittenOrder | undefined> = batch.map(() => undefined);
  for (const { batchIndex, stockChanged, ...row } of rows) written[batchIndex - 1] = { row, stockChanged };
  return written;
}

/**
 * How many orders wait at most for one statement. A batch is one commit and one round trip for
 * all of them, so the longer a rush's queue the fewer commits an order; 16 keeps a statement's
 * JSON small and a refused order's wait for its transaction short.
 */
const MAX_ORDERS_A_STATEMENT = 16;

/**
 * Writes diners' orders as `placeOrdersStatement` describes (docs/decisions/023), each in a batch
 * of those that arrived while the statements under way were busy (lib/batches.ts); undefined for
 * an order it did not write, which the caller's transaction then answers. Orders take at most
 * half the pool's connections (PGlite's one): the rest stay free for the kitchen's moves and the
 * staff's lists during a rush, and more statements at once only queue inside PostgreSQL where
 * they could have shared a commit (4,600–5,100 orders/s at 200 connections with 2–5 under way,
 * 3,600–3,900 with all 10: docs/performance.md, "Place-order: group commit").
 */
export function createOrderWriter(db: Db): (input: OrderToWrite) => Promise<WrittenOrder | undefined> {
  return batched((batch: readonly OrderToWrite[]) => writeOrders(db, batch), {
    concurrency: Math.ceil(connectionsOf(db) / 2),
    maxBatch: MAX_ORDERS_A_STATEMENT,
  });
}
