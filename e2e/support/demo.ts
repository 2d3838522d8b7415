import { type DemoInfo, seedDemoData } from '@tableserve/server/seed';
import type { Product } from './harness';

/** Seeds the demo restaurant (owner, menu, QR token) into a fresh product, as a first install has it. */
export async function seedDemo(product: Product): Promise<DemoInfo> {
  const seeded = await seedDemoData(product.app.database.db, { publicUrl: product.baseUrl });
  if (!seeded) throw new Error('the demo restaurant was not seeded');
  return seeded;
}

/** The demo restaurant's id, found as a diner would: by its name. */
export async function demoRestaurantId(product: Product): Promise<number> {
  const restaurants = await product.app.inject({
    url: `/api/v1/restaurant/search-restaurants?query=${encodeURIComponent('Trattoria Demo')}`,
  });
  return restaurants.json().restaurants[0].restaurant_id as number;
}

/**
 * Table `table`'s link as its printed card carries it, token, table and key
 * (docs/decisions/025-table-keys.md), from the owner's table codes; answered as the path and
 * query to open on this run's server.
 */
export async function tableCardPath(
  product: Product,
  ownerHeaders: Record<string, string>,
  restaurantId: number,
  table: number,
): Promise<string> {
  const codes = await product.app.inject({
    url: `/api/v1/menu/table-codes/${restaurantId}`,
    headers: ownerHeaders,
  });
  if (codes.statusCode !== 200) throw new Error(`table codes failed: ${codes.body}`);
  const code = (codes.json().codes as { table_no: number; link: string }[]).find(
    (each) => each.table_no === table,
  );
  if (!code) throw new Error(`no code for table ${table}`);
  const link = new URL(code.link);
  return `${link.pathname}${link.search}`;
}
