import type { OrderStatus } from './order';

/**
 * Who may do what in a restaurant (docs/product/staff.md#roles), declared once for the server,
 * which refuses what a role lacks, and the web app, which shows each person only what it allows.
 *
 * The owner holds every permission and, alone, the owner-only things no permission names: the
 * subscription and billing, the owner's profile, creating the restaurant, "log out everywhere".
 */

export const STAFF_ROLES = ['manager', 'server', 'kitchen'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A paired tablet works as one of these, never as a manager. */
export const DEVICE_ROLES = ['kitchen', 'server'] as const satisfies readonly StaffRole[];
export type DeviceRole = (typeof DEVICE_ROLES)[number];

/** Who acts: the owner, a person invited by email, or a paired device. */
export const ACTOR_KINDS = ['owner', 'staff', 'device'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

/**
 * Who an audit entry names: a person or device, or TableServe itself for the steps nobody took
 * (docs/product/payments.md#order-changes: a refund given back automatically, the unpaid-order sweep).
 */
export const AUDIT_ACTOR_KINDS = [...ACTOR_KINDS, 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];
/** The name the audit trail gives TableServe's own steps. */
export const SYSTEM_ACTOR_NAME = 'TableServe';

export type Role = 'owner' | StaffRole;

export const PERMISSIONS = [
  /** The menu as staff read it (Place Order, the kitchen's sold-out list, Menu Management). */
  'menu.view',
  /** Add, edit and delete dishes and their images. */
  'menu.manage',
  /** Sold out, back on, portions left. */
  'stock.manage',
  /** Edit the restaurant and its opening hours. */
  'restaurant.manage',
  /** QR codes, table codes and printed table cards. */
  'tables.manage',
  /** Order Summary and Order Management's list. */
  'orders.view',
  /** Approve, edit, cancel and delete orders. */
  'orders.manage',
  /** Mark as Paid, one order or a selection. */
  'orders.pay',
  /** Refund a paid order, fully or partly (docs/decisions/020-money-model.md#refunds). */
  'orders.refund',
  /** Place Order for a walk-in guest. */
  'orders.place',
  /** The Kitchen screen's list and its timings. */
  'kitchen.view',
  /** Mark ready and recall on the Kitchen screen. */
  'kitchen.work',
  /** Daily Sales and its exports. */
  'sales.view',
  /** Invite, change and remove staff; pair and revoke devices. */
  'staff.manage',
  /** Read and export the audit trail. */
  'audit.view',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const SERVER_PERMISSIONS = [
  'menu.view',
  'orders.view',
  'orders.manage',
  'orders.pay',
  'orders.place',
] as const satisfies readonly Permission[];

const KITCHEN_PERMISSIONS = [
  'menu.view',
  'kitchen.view',
  'kitchen.work',
  'stock.manage',
] as const satisfies readonly Permission[];

/** Each role's fixed set of permissions; a manager has every one, as the owner does. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: PERMISSIONS,
  server: SERVER_PERMISSIONS,
  kitchen: KITCHEN_PERMISSIONS,
};

export const can = (role: Role, permission: Permission): boolean =>
  ROLE_PERMISSIONS[role].includes(permission);

/**
 * The permissions, any one of which allows moving an order to a status from the Kitchen's call:
 * Ready is the kitchen's; Approved is an approval (orders.manage) or, from Ready, the kitchen's
 * recall (approvalPermission says which); Completed is a payment; Cancelled a manager's or
 * server's decision.
 */
export const STATUS_CHANGE_PERMISSIONS: Record<OrderStatus, readonly Permission[]> = {
  Pending: ['orders.manage'],
  Approved: ['orders.manage', 'kitchen.work'],
  Ready: ['kitchen.work'],
  Completed: ['orders.pay'],
  Cancelled: ['orders.manage'],
};

/**
 * Approved from Ready is the kitchen's recall, the Kitchen's alone (and the owner's and managers',
 * who hold every permission): a server cannot send a Ready order back to the kitchen. From
 * Pending it is an approval (docs/product/staff.md#roles).
 */
export const approvalPermission = (from: OrderStatus): Permission =>
  from === 'Ready' ? 'kitchen.work' : 'orders.manage';

/** What a role is called on screen. */
export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  manager: 'Manager',
  server: 'Server',
  kitchen: 'Kitchen',
};

/**
 * What each role may do, in a line, as the Staff screen explains it (docs/product/staff.md#roles).
 */
export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  manager:
    'Every screen of the restaurant: menu, stock, orders and refunds, Kitchen, Daily Sales, staff, devices and the audit trail. Not your subscription or billing.',
  server: 'Order Summary, Order Management (approve, edit, delete), Place Order and Mark as Paid.',
  kitchen: 'The Kitchen screen: mark orders ready, recall them, sold out and portions left.',
};

export const staffRoleMessages = {
  /** A signed-in person or device whose role does not allow the call. */
  forbidden: 'Your role does not allow this.',
} as const;
