import { type AuditEntry, auditTaxRateName, auditValueKey } from '@tableserve/contract/audit';
import { percentFromRate } from '@tableserve/contract/bill';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditEvents, devices, menuItems, orderItems, orders, staffMembers, taxRates } from '../../db/schema';

/**
 * Names for the audit trail, worked out when it is read (docs/product/staff.md#audit-trail): the
 * dish, person, device or tax rate an entry is about, as it is called now, and what its values
 * point at (a dish's tax rate, a refund's order lines). An object that is gone (a deleted tax
 * rate) reads by the name the trail last recorded of it. The screen and the CSV both read these,
 * so they agree. Exempt from table ownership (apps/server/src/architecture.test.ts): a read of
 * names, one query per kind for a page of entries, in the restaurant's own rows only.
 */

type Row = Pick<AuditEntry, 'object_type' | 'object_id' | 'before' | 'after'>;
type Named = { object_name: string | null; value_names: Record<string, string> };

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The kinds whose objects have a name of their own; an order or the restaurant has none. */
const NAMED_KINDS = ['menu_item', 'staff', 'device', 'tax_rate'] as const;
type NamedKind = (typeof NAMED_KINDS)[number];
const isNamedKind = (kind: string): kind is NamedKind => (NAMED_KINDS as readonly string[]).includes(kind);

/** The name an entry recorded of its object: a dish's item_name, a person's or device's name. */
function recordedName(entry: Pick<Row, 'before' | 'after'>): string | undefined {
  for (const side of [asRecord(entry.after), asRecord(entry.before)])
    for (const field of ['item_name', 'name', 'device_name'])
      if (typeof side[field] === 'string' && side[field] !== '') return side[field];
  return undefined;
}

/** A tax rate's name and percent as an entry recorded them, each may be missing. */
function recordedRate(entry: Pick<Row, 'before' | 'after'>): { name?: string; percent?: number } {
  const found: { name?: string; percent?: number } = {};
  for (const side of [asRecord(entry.after), asRecord(entry.before)]) {
    if (found.name === undefined && typeof side.name === 'string') found.name = side.name;
    if (found.percent === undefined && typeof side.rate_percent === 'number')
      found.percent = side.rate_percent;
  }
  return found;
}

const ids = (values: Iterable<number>) => [...new Set(values)];

/** The tax rates the entries' values point at (a dish's rate; a rate's own entry names itself). */
function taxRateIdsIn(rows: readonly Row[]): number[] {
  const found: number[] = [];
  for (const row of rows.filter((one) => one.object_type !== 'tax_rate'))
    for (const side of [asRecord(row.before), asRecord(row.after)])
      if (typeof side.tax_rate_id === 'number') found.push(side.tax_rate_id);
  return found;
}

/** The refund lines' order item ids ('order.refunded': lines of { order_item_id, amount }). */
function orderItemIdsIn(rows: readonly Row[]): number[] {
  const found: number[] = [];
  for (const row of rows)
    for (const side of [asRecord(row.before), asRecord(row.after)])
      if (Array.isArray(side.lines))
        for (const line of side.lines) {
          const id = asRecord(line).order_item_id;
          if (typeof id === 'number') found.push(id);
        }
  return found;
}

/** The current names of a restaurant's objects of one kind (ids given), as id and name. */
function currentRows(db: DbOrTx, restaurantId: number, kind: NamedKind, wanted: number[]) {
  switch (kind) {
    case 'menu_item':
      return db
        .select({ id: menuItems.id, name: menuItems.name })
        .from(menuItems)
        .where(and(eq(menuItems.restaurantId, restaurantId), inArray(menuItems.id, wanted)));
    case 'staff':
      return db
        .select({ id: staffMembers.id, name: staffMembers.name })
        .from(staffMembers)
        .where(and(eq(staffMembers.restaurantId, restaurantId), inArray(staffMembers.id, wanted)));
    case 'device':
      return db
        .select({ id: devices.id, name: devices.name })
        .from(devices)
        .where(and(eq(devices.restaurantId, restaurantId), inArray(devices.id, wanted)));
    case 'tax_rate':
      return db
        .select({ id: taxRates.id, name: taxRates.name, rate: taxRates.rate })
        .from(taxRates)
        .where(and(eq(taxRates.restaurantId, restaurantId), inArray(taxRates.id, wanted)))
        .then((rates) =>
          rates.map((rate) => ({
            id: rate.id,
            name: auditTaxRateName(rate.name, percentFromRate(rate.rate)),
          })),
        );
  }
}

async function currentNames(db: DbOrTx, restaurantId: number, kind: NamedKind, wanted: number[]) {
  if (wanted.length === 0) return new Map<number, string>();
  const rows = await currentRows(db, restaurantId, kind, wanted);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * What the trail last recorded of objects that are gone, newest entry first: a deleted tax rate's
 * name and percent, a dish's name.
 */
async function namesOnRecord(
  db: DbOrTx,
  restaurantId: number,
  missing: { kind: NamedKind; id: number }[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (missing.length === 0) return names;
  const kinds = [...new Set(missing.map((object) => object.kind))];
  const entries = await db
    .select({
      objectType: auditEvents.objectType,
      objectId: auditEvents.objectId,
      before: auditEvents.before,
      after: auditEvents.after,
    })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.restaurantId, restaurantId),
        or(
          ...kinds.map((kind) =>
            and(
              eq(auditEvents.objectType, kind),
              inArray(
                auditEvents.objectId,
                missing.filter((object) => object.kind === kind).map((object) => object.id),
              ),
            ),
          ),
        ),
      ),
    )
    .orderBy(desc(auditEvents.id));
  const rates = new Map<string, { name?: string; percent?: number }>();
  for (const entry of entries) {
    const key = `${entry.objectType}:${entry.objectId}`;
    if (entry.objectType === 'tax_rate') {
      const known = rates.get(key) ?? {};
      const recorded = recordedRate(entry);
      rates.set(key, { name: known.name ?? recorded.name, percent: known.percent ?? recorded.percent });
    } else if (!names.has(key)) {
      const name = recordedName(entry);
      if (name !== undefined) names.set(key, name);
    }
  }
  for (const [key, rate] of rates)
    if (rate.name !== undefined)
      names.set(key, rate.percent === undefined ? rate.name : auditTaxRateName(rate.name, rate.percent));
  return names;
}

/** The order lines refunds name, as '1 × Pizza', of the restaurant's own orders. */
async function orderItemNames(db: DbOrTx, restaurantId: number, wanted: number[]) {
  if (wanted.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: orderItems.id, name: orderItems.productName, quantity: orderItems.quantity })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.restaurantId, restaurantId), inArray(orderItems.id, wanted)));
  return new Map(rows.map((row) => [row.id, `${row.quantity} × ${row.name}`]));
}

/** The entries with their object's name and the names their values point at. */
export async function withNames<Entry extends Row>(
  db: DbOrTx,
  restaurantId: number,
  entries: readonly Entry[],
): Promise<(Entry & Named)[]> {
  const objectIds = (kind: NamedKind) =>
    entries
      .filter((entry) => entry.object_type === kind && entry.object_id !== null)
      .map((e) => e.object_id!);
  const taxRateIds = ids([...objectIds('tax_rate'), ...taxRateIdsIn(entries)]);
  const [current, lines] = await Promise.all([
    Promise.all(
      NAMED_KINDS.map(async (kind) => {
        const wanted = kind === 'tax_rate' ? taxRateIds : ids(objectIds(kind));
        return [kind, await currentNames(db, restaurantId, kind, wanted)] as const;
      }),
    ).then((pairs) => new Map(pairs)),
    orderItemNames(db, restaurantId, ids(orderItemIdsIn(entries))),
  ]);
  const missing = NAMED_KINDS.flatMap((kind) =>
    (kind === 'tax_rate' ? taxRateIds : ids(objectIds(kind)))
      .filter((id) => !current.get(kind)!.has(id))
      .map((id) => ({ kind, id })),
  );
  const onRecord = await namesOnRecord(db, restaurantId, missing);
  const nameOf = (kind: NamedKind, id: number) => current.get(kind)!.get(id) ?? onRecord.get(`${kind}:${id}`);

  return entries.map((entry) => {
    const kind = entry.object_type;
    const objectName =
      (isNamedKind(kind) && entry.object_id !== null ? nameOf(kind, entry.object_id) : undefined) ??
      // A pairing code names the device it is for; a deleted object the name it had.
      (isNamedKind(kind) ? recordedName(entry) : undefined) ??
      null;
    const valueNames: Record<string, string> = {};
    for (const id of taxRateIdsIn([entry])) {
      const name = nameOf('tax_rate', id);
      if (name !== undefined) valueNames[auditValueKey('tax_rate', id)] = name;
    }
    for (const id of orderItemIdsIn([entry])) {
      const name = lines.get(id);
      if (name !== undefined) valueNames[auditValueKey('order_item', id)] = name;
    }
    return { ...entry, object_name: objectName, value_names: valueNames };
  });
}
