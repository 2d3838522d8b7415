import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export type DatabaseSummary = { orders: number; restaurants: number; newestOrderAt: Date | undefined };

/**
 * What a restored database holds, for the operator to compare with what they expect. It reads
 * the whole database by table name, as the backup copies it whole, not through the modules that
 * own these tables.
 */
export async function summarizeDatabase(db: Db): Promise<DatabaseSummary> {
  const result = await db.execute(sql`
    select (select count(*) from orders)::int as orders,
           (select count(*) from restaurants)::int as restaurants,
           (select max(created_at) from orders) as newest`);
  const row = (result as unknown as { rows: Array<{ orders: number; restaurants: number; newest: unknown }> })
    .rows[0]!;
  return {
    orders: row.orders,
    restaurants: row.restaurants,
    newestOrderAt: row.newest === null ? undefined : new Date(row.newest as string),
  };
}

export function describeSummary(summary: DatabaseSummary): string {
  return [
    `  orders:      ${summary.orders}`,
    `  restaurants: ${summary.restaurants}`,
    `  newest order: ${summary.newestOrderAt?.toISOString() ?? 'none'}`,
  ].join('\n');
}
