import { getTableColumns, getTableName, type Table } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runPrepared } from '../../db/prepared';
import { orderItems, orders } from '../../db/schema';
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
const lineJson = (lines: readonly TaxedLine[]) => `[${lines.map(lineRowJson).join(',')}]`;

/** The order as the repository reads it: every column under its field's name. */
const orderRowColumns = Object.entries(getTableColumns(orders))
  .map(([field, column]) => `${column.name} as "${field}"`)
  .join(', ');

/**
 * A diner's order in one statement, one round trip and one commit, with every check and
 * lock the transaction of place-order.ts takes, in that order of effect:
 * - the customer must exist, and the order copies their name and phone as they read now;
 * - the counted items among the lines are locked in id order (ADR 015: concurrent orders queue,
 *   never deadlock; the lock returns the latest count) and each must have enough left;
 * - only then is the Idempotency-Key claimed (ON CONFLICT DO NOTHING waits for a concurrent
 *   holder of the same key to commit), with its answer: the order's id is drawn first for it;
 * - with the key claimed (or none given): the counts taken, the order and its lines written, each
 *   line holding its quantity when its item is counted, else nothing (planHolds for a new order).
 * A statement is atomic: it writes all of this or nothing. It answers no row when it wrote nothing
 * (a customer gone, too few left, a key already used): the caller's transaction then answers.
 * It names tables other modules own (customers, menu_items, idempotency_keys), as one statement
 * must; it keeps their rules as their owners state them: customerReads.byId, menuRepository's
 * adjustStock, lib/idempotency.ts (whose onceInOneStatement is its caller).
 */
export const placeOrderStatement = {
  name: 'place-order',
  text: `
with o as (select * from jsonb_populate_record(null::orders, $4::jsonb)),
  lines as (select * from jsonb_populate_recordset(null::order_items, $5::jsonb) with ordinality),
  wanted as (select menu_item_id as id, sum(quantity)::int as quantity from lines group by menu_item_id),
  counted as (
    select m.id, m.name, m.stock from menu_items m, o
    where m.id in (select id from wanted) and m.restaurant_id = o.restaurant_id and m.stock is not null
    order by m.id for update of m),
  customer as (select c.customer_name, c.phone_number from customers c, o where c.id = o.customer_id),
  next_order as (
    select nextval('orders_id_seq')::int as id
    where exists (select from customer)
      and not exists (select from counted c join wanted w using (id) where c.stock < w.quantity)),
  claimed as (
    insert into idempotency_keys (scope, key, request_hash, response_status, response_body)
    select $1::text, $2::text, $3::text, 201, $6::jsonb || jsonb_build_object('order_id', next_order.id)
    from next_order
    where $1::text is not null
    on conflict do nothing
    returning 1),
  accepted as (select id from next_order where $1::text is null or exists (select from claimed)),
  taken as (
    update menu_items m set stock = m.stock - w.quantity
    from counted c join wanted w using (id), accepted
    where m.id = c.id
    returning m.id, m.name, m.stock, c.stock as before),
  placed as (
    insert into orders (id, restaurant_id, customer_id, customer_name, phone_number, status, order_type,
      table_number, total_cents, subtotal_cents, tax_cents, tax_included, service_cents, party_size,
      order_time, latitude, longitude, created_at, updated_at)
    select accepted.id, o.restaurant_id, o.customer_id, customer.customer_name, customer.phone_number,
      o.status, o.order_type, o.table_number, o.total_cents, o.subtotal_cents, o.tax_cents, o.tax_included,
      o.service_cents, o.party_size, o.order_time, o.latitude, o.longitude, o.created_at, o.updated_at
    from accepted, o, customer
    returning ${orderRowColumns}),
  placed_lines as (
    insert into order_items (order_id, menu_item_id, product_name, unit_price_cents, quantity, options,
      stock_taken, tax_name, tax_rate, tax_cents, service_cents)
    select placed.id, l.menu_item_id, l.product_name, l.unit_price_cents, l.quantity, l.options,
      case when l.menu_item_id in (select id from counted) then l.quantity else 0 end,
      l.tax_name, l.tax_rate, l.tax_cents, l.service_cents
    from placed, lines l
    order by l.ordinality)
select placed.*, (select coalesce(json_agg(taken), '[]') from taken) as "stockChanged" from placed`,
};

/**
 * Writes the order as `placeOrder` describes; undefined when it wrote nothing. `answer` is what
 * the key records, its order_id set by the statement to the id it drew.
 */
export async function placeInOneStatement(
  db: Db,
  input: { claim: KeyClaim | undefined; order: OrderDraft; lines: readonly TaxedLine[]; answer: object },
): Promise<{ row: OrderRow; stockChanged: StockChange[] } | undefined> {
  const [placed] = await runPrepared<OrderRow & { stockChanged: StockChange[] }>(db, placeOrderStatement, [
    input.claim?.scope ?? null,
    input.claim?.key ?? null,
    input.claim?.requestHash ?? null,
    orderJson(input.order),
    lineJson(input.lines),
    JSON.stringify(input.answer),
  ]);
  if (!placed) return undefined;
  const { stockChanged, ...row } = placed;
  return { row, stockChanged };
}
