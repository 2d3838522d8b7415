import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditEvents } from '../../db/schema';

export type AuditRow = typeof auditEvents.$inferSelect;

export type AuditFilter = {
  actor?: { kind: AuditRow['actorKind']; id: number } | undefined;
  action?: string | undefined;
  /** A business day as a half-open span of instants. */
  span?: { start: Date; end: Date } | undefined;
};

function conditionsOf(restaurantId: number, filter: AuditFilter): SQL | undefined {
  const { actor, action, span } = filter;
  return and(
    eq(auditEvents.restaurantId, restaurantId),
    actor && eq(auditEvents.actorKind, actor.kind),
    actor && eq(auditEvents.actorId, actor.id),
    action !== undefined ? eq(auditEvents.action, action) : undefined,
    span && gte(auditEvents.createdAt, span.start),
    span && lt(auditEvents.createdAt, span.end),
  );
}

/** Reads of the audit trail; the only writes are recordAudit's, in the transaction of a change. */
export const auditRepository = {
  /** A page of the restaurant's entries, newest first (ties by id, so pages never overlap). */
  async list(db: DbOrTx, restaurantId: number, filter: AuditFilter, limit: number, offset: number) {
    const where = conditionsOf(restaurantId, filter);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(auditEvents)
        .where(where)
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(limit)
        .offset(offset),
      db.select({ value: count() }).from(auditEvents).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  },

  /**
   * Everyone in the restaurant's trail, once each, with the name of their latest entry (a
   * person renamed since reads as they are called now).
   */
  actors(db: DbOrTx, restaurantId: number) {
    return db
      .selectDistinctOn([auditEvents.actorKind, auditEvents.actorId], {
        kind: auditEvents.actorKind,
        id: auditEvents.actorId,
        name: auditEvents.actorName,
      })
      .from(auditEvents)
      .where(eq(auditEvents.restaurantId, restaurantId))
      .orderBy(auditEvents.actorKind, auditEvents.actorId, desc(auditEvents.id));
  },

  /** One order's entries, oldest first. */
  ofOrder(db: DbOrTx, restaurantId: number, orderId: number) {
    return db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.restaurantId, restaurantId),
          eq(auditEvents.objectType, 'order'),
          eq(auditEvents.objectId, orderId),
        ),
      )
      .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id));
  },
};
