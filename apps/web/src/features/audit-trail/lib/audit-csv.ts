import { type AuditEntry, auditMessages as text } from '@tableserve/contract/audit';
import { toCsv } from '@/lib/csv';
import { describeAction, describeChanges, describeObject, formatAuditTime } from '@/orders/lib/audit-format';

const COLUMNS = [
  text.columns.time,
  text.columns.who,
  text.columns.action,
  text.columns.object,
  text.columns.change,
];

/**
 * The trail as the screen shows it, one row per entry (docs/product/staff.md#audit-trail), through
 * toCsv: a name or a dish typed as a formula opens as text in a spreadsheet.
 */
export function auditCsv(entries: readonly AuditEntry[], timeZone: string): Promise<string> {
  return toCsv(
    COLUMNS,
    entries.map((entry) => [
      formatAuditTime(entry.at, timeZone),
      entry.actor_name,
      describeAction(entry),
      describeObject(entry),
      describeChanges(entry).join('; '),
    ]),
  );
}
