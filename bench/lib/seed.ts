import { hash } from '@node-rs/argon2';
import type { Sql } from './database';

export const OWNER_PASSWORD = 'bench-owner-password';

export type SeededRestaurant = {
  id: number;
  token: string;
  ownerEmail: string;
  /** Two dishes of its menu, for the orders the bench places. */
  itemIds: [number, number];
  numberOfTables: number;
};

export type Fixture = { restaurants: SeededRestaurant[]; pastOrders: number; seconds: number };

const TABLES = 30;

/** Every day open all day: the bench must not depend on the hour it runs at. */
const openingHours = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
    day,
    { open: '00:00', close: '23:59', closing_day: day, pickup: true },
  ]),
);

/**
 * The data of a busy installation, written with a few set-based SQL statements before the server
 * starts (the fastest way, and the only one for PGlite, whose files one process opens at a time):
 * `restaurants` verified owners, each with a restaurant, `items` dishes across every category and
 * an active Professional subscription (so menus are served and orders taken), and `pastOrders`
 * completed or cancelled orders of two lines over the last 30 days, by 1 guest in 5.
 */
export async function seed(
  sql: Sql,
  counts: { restaurants: number; items: number; pastOrders: number },
): Promise<Fixture> {
  const started = performance.now();
  // The server's own Argon2id parameters (apps/server/src/lib/passwords.ts), so a login costs what it does.
  const passwordHash = await hash(OWNER_PASSWORD, {
    algorithm: 2,
    memoryCost: 19456,
    timeCost: 2,
    parallelism: 1,
  });
  await sql.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, phone, address, city, state,
       zip_code, country, email_verified_at)
     SELECT 'owner' || g || '@bench.example', $1, 'Owner', 'Number ' || g, '4155550100',
       g || ' Bench Street', 'San Francisco', 'CA', '94133', 'United States', now()
     FROM generate_series(1, $2::int) AS g`,
    [passwordHash, counts.restaurants],
  );
  await sql.query(
    `INSERT INTO restaurants (owner_id, name, description, restaurant_type, email, phone, address,
       city, state, country, zip_code, latitude, longitude, number_of_tables, opening_hours, timezone, token)
     SELECT u.id, 'Bench Bistro ' || u.id, 'Neighbourhood kitchen: seasonal plates, fresh pasta and natural wine.',
       'Italian', u.email, '4155550100', u.address, 'San Francisco', 'CA', 'United States', '94133',
       37.8, -122.41, $1::int, $2::jsonb, 'America/Los_Angeles',
       'bench' || u.id || 'x' || substr(md5(random()::text || u.id), 1, 24)
     FROM users u`,
    [TABLES, JSON.stringify(openingHours)],
  );
  await sql.query(
    `INSERT INTO menu_items (restaurant_id, name, description, price_cents, category)
     SELECT r.id, 'Dish ' || i || ' of the house', 'Seasonal ingredients cooked to order, with a sauce of the day and bread baked this morning.',
       500 + (i * 37) % 2500,
       (enum_range(NULL::menu_category))[1 + i % cardinality(enum_range(NULL::menu_category))]
     FROM restaurants r, generate_series(1, $1::int) AS i`,
    [counts.items],
  );
  await sql.query(
    `INSERT INTO subscriptions (user_id, plan_id, restaurant_id, status, start_date, current_period_start,
       end_date, last_payment_cents, provider, payment_method_id)
     SELECT r.owner_id, p.id, r.id, 'active', now(), now(), now() + interval '30 days', p.price_cents,
       'test', 'pm_card_visa'
     FROM restaurants r, plans p WHERE p.code = 'professional'`,
  );
  if (counts.pastOrders > 0) {
    await sql.query(
      `INSERT INTO customers (customer_name, email, phone_number, is_guest)
       SELECT 'Past diner ' || g, 'past' || g || '@bench.example', '4155550100', true
       FROM generate_series(1, greatest(1, $1::int / 5)) AS g`,
      [counts.pastOrders],
    );
    await sql.query(
      `WITH r AS (SELECT array_agg(id ORDER BY id) AS ids FROM restaurants),
            c AS (SELECT array_agg(id ORDER BY id) AS ids FROM customers)
       INSERT INTO orders (restaurant_id, customer_id, customer_name, phone_number, order_type,
         table_number, status, total_cents, created_at, updated_at)
       SELECT r.ids[1 + g % cardinality(r.ids)], c.ids[1 + g % cardinality(c.ids)], 'Past diner',
         '4155550100', 'dine-in', 1 + g % $2::int,
         (CASE WHEN g % 20 = 0 THEN 'Cancelled' ELSE 'Completed' END)::order_status, 0,
         now() - (g % 43200) * interval '1 minute', now() - (g % 43200) * interval '1 minute'
       FROM generate_series(0, $1::int - 1) AS g, r, c`,
      [counts.pastOrders, TABLES],
    );
    await sql.query(
      `INSERT INTO order_items (order_id, menu_item_id, product_name, unit_price_cents, quantity)
       SELECT o.id, m.id, m.name, m.price_cents, 1 + o.id % 3
       FROM orders o CROSS JOIN LATERAL (
         SELECT id, name, price_cents FROM menu_items mi WHERE mi.restaurant_id = o.restaurant_id
         ORDER BY mi.id OFFSET o.id % ($1::int - 1) LIMIT 2) AS m`,
      [counts.items],
    );
    await sql.query(
      `UPDATE orders o SET total_cents = t.total
       FROM (SELECT order_id, sum(unit_price_cents * quantity) AS total FROM order_items GROUP BY order_id) AS t
       WHERE t.order_id = o.id`,
    );
  }
  // As autovacuum would have on a database that grew to this size: the planner sees real counts.
  await sql.query('ANALYZE');

  const { rows } = await sql.query<{ id: number; token: string; email: string; items: number[] }>(
    `SELECT r.id, r.token, r.email,
       (SELECT array_agg(id ORDER BY id) FROM (SELECT id FROM menu_items WHERE restaurant_id = r.id ORDER BY id LIMIT 2) AS two) AS items
     FROM restaurants r ORDER BY r.id`,
  );
  return {
    restaurants: rows.map((row) => ({
      id: row.id,
      token: row.token,
      ownerEmail: row.email,
      itemIds: [row.items[0]!, row.items[1]!],
      numberOfTables: TABLES,
    })),
    pastOrders: counts.pastOrders,
    seconds: (performance.now() - started) / 1000,
  };
}
