import type { Permission, Role } from '@tableserve/contract/staff-roles';
import { can } from '@tableserve/contract/staff-roles';
import { dashboardPaths } from './paths';

/** The owner alone: the subscription and billing, the profile, creating the restaurant. */
export const OWNER_ONLY = 'owner-only';

/** What a dashboard screen needs: a permission, or to be the owner. */
export type DashboardAccess = Permission | typeof OWNER_ONLY;

/**
 * Who may open each dashboard screen (docs/product/staff.md#roles), in one place for the side
 * navigation and the route guards. A new screen is one line here, e.g.
 * `staff: 'staff.manage'`, `devices: 'staff.manage'`, `auditTrail: 'audit.view'`, keyed as in
 * dashboardPaths.
 */
export const dashboardAccess = {
  orderSummary: 'orders.view',
  orderManagement: 'orders.view',
  placeOrder: 'orders.place',
  kitchenManagement: 'kitchen.view',
  menuManagement: 'menu.manage',
  editRestaurant: 'restaurant.manage',
  paymentSettings: 'restaurant.manage',
  generateQrCode: 'tables.manage',
  createRestaurant: OWNER_ONLY,
  profile: OWNER_ONLY,
  staff: 'staff.manage',
  devices: 'staff.manage',
  auditTrail: 'audit.view',
} as const satisfies Partial<Record<keyof typeof dashboardPaths, DashboardAccess>>;

export type DashboardScreen = keyof typeof dashboardAccess;

export const allows = (role: Role, access: DashboardAccess): boolean =>
  access === OWNER_ONLY ? role === 'owner' : can(role, access);

export const mayOpen = (role: Role, screen: DashboardScreen): boolean =>
  allows(role, dashboardAccess[screen]);

/**
 * Where a staff member lands after signing in and from a screen their role lacks: the first
 * screen the role allows, Order Summary before the Kitchen screen.
 */
const LANDING_ORDER = ['orderSummary', 'kitchenManagement'] as const satisfies readonly DashboardScreen[];

export function firstAllowedPath(role: Role): string {
  const screen = LANDING_ORDER.find((one) => mayOpen(role, one));
  return screen ? dashboardPaths[screen] : dashboardPaths.home;
}
