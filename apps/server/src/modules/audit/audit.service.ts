import type { AuditActorsResponse, AuditListResponse, AuditQuery } from '@tableserve/contract/audit';
import { pagination } from '@tableserve/contract/pagination';
import type { Db } from '../../db/client';
import { businessDay, type RestaurantClock } from '../../lib/business-day';
import { auditRepository as repo } from './audit.repository';
import { withNames } from './audit-names';
import { toAuditEntry } from './audit-reads';

export type AuditService = ReturnType<typeof createAuditService>;

/**
 * Reading the audit trail (docs/product/staff.md#audit-trail): the restaurant must be the
 * caller's, so another restaurant's trail answers 404 like a missing one.
 */
export function createAuditService({
  db,
  restaurantOfCaller,
}: {
  db: Db;
  /**
   * The tenant guard (restaurant-of-caller.ts), passed in by app.ts: the restaurants module
   * records its edits here, so this module does not import it back.
   */
  restaurantOfCaller: (ownerId: number, restaurantId: number) => Promise<RestaurantClock & { id: number }>;
}) {
  return {
    /** Filtered by person, action and business day, newest first. */
    async list(ownerId: number, restaurantId: number, query: AuditQuery): Promise<AuditListResponse> {
      const restaurant = await restaurantOfCaller(ownerId, restaurantId);
      const actor =
        query.actor_kind && query.actor_id !== undefined
          ? { kind: query.actor_kind, id: query.actor_id }
          : undefined;
      const { rows, total } = await repo.list(
        db,
        restaurant.id,
        {
          actor,
          action: query.action,
          span: query.day ? businessDay(query.day, restaurant) : undefined,
        },
        query.per_page,
        (query.page - 1) * query.per_page,
      );
      return {
        entries: await withNames(db, restaurant.id, rows.map(toAuditEntry)),
        pagination: pagination(query.page, query.per_page, total),
        timezone: restaurant.timezone,
      };
    },

    async actors(ownerId: number, restaurantId: number): Promise<AuditActorsResponse> {
      const restaurant = await restaurantOfCaller(ownerId, restaurantId);
      const actors = await repo.actors(db, restaurant.id);
      return { actors: actors.sort((a, b) => a.name.localeCompare(b.name)) };
    },
  };
}
