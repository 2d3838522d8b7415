import { type AuditEntry, auditActionLabel, auditMessages } from '@tableserve/contract/audit';
import type { AuditActorKind } from '@tableserve/contract/staff-roles';
import { formatDollars } from '@/lib/money';
import { zonedFormat } from './order-summary-format';

/**
 * How an audit entry reads (docs/product/staff.md#audit-trail), on the Audit trail screen, in its
 * CSV and in an order's history: the same words everywhere.
 */

const dateAndTime: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/** 'Nov 26, 2026, 7:05 PM' in the restaurant's zone. */
export const formatAuditTime = (iso: string, timeZone: string): string =>
  zonedFormat(dateAndTime, timeZone).format(new Date(iso));

export const describeAction = (entry: Pick<AuditEntry, 'action'>): string => auditActionLabel(entry.action);

/** 'Order #12', 'Dish #4', 'Restaurant'. */
export function describeObject(entry: Pick<AuditEntry, 'object_type' | 'object_id'>): string {
  const name = auditMessages.objects[entry.object_type];
  return name ? name(entry.object_id) : `${entry.object_type} ${entry.object_id ?? ''}`.trim();
}

/**
 * Who did it, as a person reads it: the name, and what they are ('Staff', 'Device') unless that
 * is the name itself (TableServe's own steps, docs/product/payments.md#order-changes).
 */
export function describeActor(actor: { name: string; kind: AuditActorKind }): {
  name: string;
  kind: string | undefined;
} {
  const kind = auditMessages.kinds[actor.kind];
  return { name: actor.name, kind: kind === actor.name ? undefined : kind };
}

/** Fields whose numbers are dollars: a price, a total, what a refund gave back and its tip. */
const MONEY_FIELDS = new Set(['price', 'total', 'amount', 'tip']);

type Line = { name?: unknown; quantity?: unknown };
const isLines = (value: unknown): value is Line[] =>
  Array.isArray(value) &&
  value.every((line) => typeof line === 'object' && line !== null && 'quantity' in line);

/** One value as a person reads it: $14.00, '2 × Pizza, 1 × Soda', 'none', 'yes'. */
function describeValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return field === 'stock' ? 'not counted' : 'none';
  if (typeof value === 'number' && MONEY_FIELDS.has(field)) return formatDollars(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (isLines(value)) return value.map((line) => `${line.quantity} × ${line.name}`).join(', ') || 'none';
  if (Array.isArray(value)) return value.map(String).join(', ') || 'none';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** 'item_name' → 'item name'. */
const fieldName = (field: string) => field.replaceAll('_', ' ');

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * Each field that changed as 'price: $12.50 → $14.00'; a field only before (a deletion) or only
 * after (an addition) reads as its one value.
 */
export function describeChanges(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => {
    const was = field in before ? describeValue(field, before[field]) : undefined;
    const now = field in after ? describeValue(field, after[field]) : undefined;
    if (was !== undefined && now !== undefined) return `${fieldName(field)}: ${was} → ${now}`;
    return `${fieldName(field)}: ${was ?? now}`;
  });
}
