import type { AuditEntry } from '@tableserve/contract/audit';
import type { DbOrTx } from '../../db/client';
import { type AuditRow, auditRepository as repo } from './audit.repository';
import { withNames } from './audit-names';

/** An entry as the API answers it, without the names withNames adds. */
export const toAuditEntry = (row: AuditRow): Omit<AuditEntry, 'object_name' | 'value_names'> => ({
  id: row.id,
  at: row.createdAt.toISOString(),
  actor_kind: row.actorKind,
  actor_id: row.actorId,
  actor_name: row.actorName,
  action: row.action,
  object_type: row.objectType,
  object_id: row.objectId,
  before: row.before,
  after: row.after,
});

/**
 * What other modules may read of the audit trail: the orders module shows an order's own
 * history on its card (docs/product/staff.md#audit-trail).
 */
export const auditReads = {
  /** One order's entries, oldest first. */
  async ofOrder(db: DbOrTx, restaurantId: number, orderId: number): Promise<AuditEntry[]> {
    return withNames(db, restaurantId, (await repo.ofOrder(db, restaurantId, orderId)).map(toAuditEntry));
  },
};
