import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it } from 'vitest';
import * as schema from './db/schema';
import {
  fileCycles,
  importGraph,
  moduleCycles,
  repositoryImportViolations,
  tableOwnershipViolations,
} from './test/import-graph';

const serverSource = path.dirname(new URL(import.meta.url).pathname);

/** Who owns each table: its module (or, for the Idempotency-Key store, the one lib file). */
const tableOwners: Record<string, string> = {
  users: 'modules/auth/',
  emailTokens: 'modules/auth/',
  restaurants: 'modules/restaurants/',
  menuItems: 'modules/menu/',
  plans: 'modules/subscriptions/',
  subscriptions: 'modules/subscriptions/',
  coupons: 'modules/subscriptions/',
  payments: 'modules/subscriptions/',
  processedWebhookEvents: 'modules/subscriptions/',
  customers: 'modules/customers/',
  customerResetTokens: 'modules/customers/',
  orders: 'modules/orders/',
  orderItems: 'modules/orders/',
  idempotencyKeys: 'lib/idempotency.ts',
  staffMembers: 'modules/staff/',
  staffInvitations: 'modules/staff/',
  devices: 'modules/devices/',
  pairingCodes: 'modules/devices/',
  auditEvents: 'modules/audit/',
  taxRates: 'modules/restaurants/',
  bills: 'modules/bills/',
  billPayments: 'modules/bills/',
  paymentClaims: 'modules/bills/',
  refunds: 'modules/bills/',
};
const mayTouchAnyTable = [
  // The first start of an empty install writes the demo restaurant, its owner, menu and plan.
  'seed/demo.ts',
  // Every authenticated request checks the session's token version of an owner or a diner.
  'lib/session-tokens.ts',
  // ...and a staff member's or device's role and restaurant, in the same single query.
  'modules/staff/staff-actors.ts',
  // An audit entry copies the actor's name (owner, member or device) as it reads at that moment.
  'modules/audit/audit-log.ts',
  // ...and, when the trail is read, names what each entry is about (a dish, a person, a device,
  // a tax rate, a refunded order line) as it is called now: one read per kind for a page.
  'modules/audit/audit-names.ts',
];

describe('the server layering (docs/decisions/018-layering.md)', () => {
  const graph = importGraph(serverSource);

  it('reads the real import graph', () => {
    expect(graph.get('app.ts')).toContain('modules/restaurants/restaurants.service.ts');
  });

  it('has no module importing another module’s repository', () => {
    expect(repositoryImportViolations(graph)).toEqual([]);
  });

  it('has no import cycle between files', () => {
    expect(fileCycles(graph)).toEqual([]);
  });

  it('has no import cycle between modules', () => {
    expect(moduleCycles(graph)).toEqual([]);
  });

  it('names an owner for every table of the schema', () => {
    const tables = Object.entries(schema).filter(([, value]) => is(value, PgTable));
    expect(Object.keys(tableOwners).sort()).toEqual(tables.map(([name]) => name).sort());
  });

  it('has every table used only inside the module that owns it', () => {
    expect(
      tableOwnershipViolations(serverSource, graph, 'db/schema.ts', tableOwners, mayTouchAnyTable),
    ).toEqual([]);
  });
});

describe('the layering checks', () => {
  let root: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A small tree that follows every rule: the service asks the other module's read module. */
  function lawfulTree() {
    root = mkdtempSync(path.join(os.tmpdir(), 'layering-'));
    write('modules/menu/menu.repository.ts', 'export const menuRepository = {};\n');
    write('modules/menu/menu-reads.ts', "export { menuRepository as menuReads } from './menu.repository';\n");
    write('modules/orders/orders.service.ts', "import { menuReads } from '../menu/menu-reads';\n");
  }

  it('pass on a tree that follows the rules', () => {
    lawfulTree();
    const graph = importGraph(root);
    expect([...repositoryImportViolations(graph), ...fileCycles(graph), ...moduleCycles(graph)]).toEqual([]);
  });

  it('name the importer and the repository when a module imports another’s repository', () => {
    lawfulTree();
    write('modules/orders/order-lines.ts', "import type { MenuItemRow } from '../menu/menu.repository';\n");
    expect(repositoryImportViolations(importGraph(root))).toEqual([
      "modules/orders/order-lines.ts imports modules/menu/menu.repository.ts, another module's repository: ask modules/menu through its service or read module",
    ]);
  });

  it('name the file that uses another module’s table, and its owner', () => {
    lawfulTree();
    write('db/schema.ts', 'export const menuItems = {};\nexport type Row = {};\n');
    write('modules/menu/menu.repository.ts', "import { menuItems } from '../../db/schema';\n");
    write('modules/orders/order-lines.ts', "import type { Row } from '../../db/schema';\n");
    const owners = { menuItems: 'modules/menu/' };
    expect(tableOwnershipViolations(root, importGraph(root), 'db/schema.ts', owners, [])).toEqual([]);

    write('modules/orders/orders.repository.ts', "import { menuItems } from '../../db/schema';\n");
    expect(tableOwnershipViolations(root, importGraph(root), 'db/schema.ts', owners, [])).toEqual([
      'modules/orders/orders.repository.ts uses the table menuItems, which modules/menu/ owns: ask it through its service or read module',
    ]);
  });

  it('name the files of an import cycle', () => {
    lawfulTree();
    write('modules/menu/menu.repository.ts', "import './menu-reads';\n");
    expect(fileCycles(importGraph(root))).toEqual([
      'import cycle: modules/menu/menu-reads.ts ↔ modules/menu/menu.repository.ts',
    ]);
  });

  it('name the modules that import each other, through files that form no cycle', () => {
    lawfulTree();
    write('modules/menu/menu.service.ts', "export * from '../orders/order-lines';\n");
    write('modules/orders/order-lines.ts', 'export const line = 1;\n');
    const graph = importGraph(root);
    expect(fileCycles(graph)).toEqual([]);
    expect(moduleCycles(graph)).toEqual(['module cycle: modules/menu ↔ modules/orders']);
  });
});
