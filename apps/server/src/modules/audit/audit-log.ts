import type { AuditAction } from '@tableserve/contract/audit';
import { SYSTEM_ACTOR_NAME } from '@tableserve/contract/staff-roles';
import { eq, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditEvents, devices, staffMembers, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';

/** What an audit entry is about. */
export type AuditObjectType =
  | 'order'
  | 'menu_item'
  | 'restaurant'
  | 'tax_rate'
  | 'table_codes'
  | 'staff'
  | 'device';

export type AuditEntry = {
  restaurantId: number;
  /**
   * A verb in the past: 'order.approved', 'menu_item.updated', 'staff.invited', … one of the
   * contract's AUDIT_ACTION_LABELS, so each reads in words and can be filtered on.
   */
  action: AuditAction;
  objectType: AuditObjectType;
  objectId?: number | null;
  before?: unknown;
  after?: unknown;
};

/** Who made a change: their id a value, or a prepared statement's placeholder. */
type ActorOf = Pick<Actor, 'kind'> & { id: number | Placeholder };

/** The actor's name as it reads now, copied into the entry so the trail outlives a removal. */
const actorName = (actor: ActorOf) => {
  switch (actor.kind) {
    case 'owner':
      return sql`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${eq(users.id, actor.id)})`;
    case 'staff':
      return sql`(select ${staffMembers.name} from ${staffMembers} where ${eq(staffMembers.id, actor.id)})`;
    case 'device':
      return sql`(select ${devices.name} from ${devices} where ${eq(devices.id, actor.id)})`;
  }
};

/** Who made the change, as every entry names them. */
const actorColumns = (actor: ActorOf) => ({
  actorKind: actor.kind,
  actorId: actor.id,
  actorName: sql`coalesce(${actorName(actor)}, '')`,
});

/**
 * Records one staff action (docs/product/staff.md#audit-trail). Call it with the transaction of
 * the change itself, so a change and its entry are written together or not at all.
 */
export function recordAudit(tx: DbOrTx, actor: Actor, entry: AuditEntry): Promise<void> {
  return recordAudits(tx, actor, [entry]);
}

/** Records one action on many objects (Mark Selected as Paid) in one INSERT. */
export async function recordAudits(tx: DbOrTx, actor: Actor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditEvents).values(
    entries.map((entry) => ({
      restaurantId: entry.restaurantId,
      ...actorColumns(actor),
      action: entry.action,
      objectType: entry.objectType,
      objectId: entry.objectId ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  );
}

/**
 * Records a step TableServe took by itself (docs/product/payments.md#order-changes: money given
 * back for a change, the unpaid-order sweep), named as TableServe in the trail.
 */
export async function recordSystemAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    restaurantId: entry.restaurantId,
    actorKind: 'system',
    actorId: 0,
    actorName: SYSTEM_ACTOR_NAME,
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** An entry worked out from the rows of a statement: each field a value, or SQL (a column) over those rows. */
export type AuditEntryOfRows = { [Field in keyof Required<AuditEntry>]: AuditEntry[Field] | SQLWrapper };

/**
 * The INSERT … SELECT that records one entry per row of `rows`, another part of the same
 * statement (a CTE): a change made in one autocommitted statement writes its entries in that
 * statement, so the change and its entries are written together or not at all, as with
 * recordAudit's transaction; no row, no entry. `before` and `after` are jsonb SQL here.
 */
export function auditEntriesOfRows(actor: ActorOf, rows: SQLWrapper, entry: AuditEntryOfRows): SQL {
  const values = { ...entry, ...actorColumns(actor) };
  const fields = Object.keys(values) as (keyof typeof values)[];
  return sql`insert into ${auditEvents} (${sql.join(
    fields.map((field) => sql.identifier(auditEvents[field].name)),
    sql`, `,
  )}) select ${sql.join(
    fields.map((field) => sql`${values[field]}`),
    sql`, `,
  )} from ${rows}`;
}

export type FieldChange = { before: Record<string, unknown>; after: Record<string, unknown> };

/**
 * Only the fields that differ between two views of an object, before and after: a price change
 * reads as its old and new price, and the rest of the form stays out of the trail.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange {
  const changed = Object.keys(after).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}

/**
 * Records an edit as the fields it changed (changedFields), and nothing when it changed none:
 * a form saved as it was leaves no entry.
 */
export async function recordChanges(
  tx: DbOrTx,
  actor: Actor,
  entry: Omit<AuditEntry, 'before' | 'after'>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Promise<void> {
  const changed = changedFields(before, after);
  if (Object.keys(changed.after).length > 0) await recordAudit(tx, actor, { ...entry, ...changed });
}
