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
