import type { Role } from '@tableserve/contract/staff-roles';
import { type DashboardScreen, mayOpen } from '@/config/dashboard-access';
import { dashboardPaths } from '@/config/paths';

export type DashboardNavKey =
  | 'orderSummary'
  | 'restaurant'
  | 'paymentSettings'
  | 'profile'
  | 'generateQrCode'
  | 'menuManagement'
  | 'orderManagement'
  | 'kitchenManagement'
  | 'staff'
  | 'devices'
  | 'auditTrail';

export type DashboardNavEntry = {
  key: DashboardNavKey;
  label: string;
  to: string;
  enabled: boolean;
  screen: DashboardScreen;
};

/**
 * The side navigation (docs/product/restaurant-setup.md#dashboard): Edit
 * Restaurant replaces Create Restaurant once a restaurant is active, and until then every entry
 * but Order Summary and Create Restaurant is greyed out. Each person sees only the entries their
 * role may open (docs/product/staff.md#roles); a new entry names its screen in
 * config/dashboard-access.ts.
 */
export function dashboardNavEntries(restaurantActive: boolean, role: Role = 'owner'): DashboardNavEntry[] {
  const entry = (
    key: DashboardNavKey,
    label: string,
    screen: DashboardScreen,
    enabled = restaurantActive,
  ) => ({
    key,
    label,
    to: dashboardPaths[screen],
    enabled,
    screen,
  });
  const entries: DashboardNavEntry[] = [
    entry('orderSummary', 'Order Summary', 'orderSummary', true),
    restaurantActive
      ? entry('restaurant', 'Edit Restaurant', 'editRestaurant')
      : entry('restaurant', 'Create Restaurant', 'createRestaurant', true),
    entry('paymentSettings', 'Payments & taxes', 'paymentSettings'),
    entry('profile', 'Profile', 'profile'),
    entry('generateQrCode', 'Generate Qr Code', 'generateQrCode'),
    entry('menuManagement', 'Menu Management', 'menuManagement'),
    entry('orderManagement', 'Order Management', 'orderManagement'),
    entry('kitchenManagement', 'Kitchen Management', 'kitchenManagement'),
    entry('staff', 'Staff', 'staff'),
    entry('devices', 'Devices', 'devices'),
    entry('auditTrail', 'Audit Trail', 'auditTrail'),
  ];
  return entries.filter(({ screen }) => mayOpen(role, screen));
}
