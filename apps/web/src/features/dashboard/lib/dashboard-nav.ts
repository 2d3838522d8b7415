import { dashboardPaths } from '@/config/paths';

export type DashboardNavKey =
  | 'orderSummary'
  | 'restaurant'
  | 'profile'
  | 'generateQrCode'
  | 'menuManagement'
  | 'orderManagement'
  | 'kitchenManagement'
  | 'devices';

export type DashboardNavEntry = { key: DashboardNavKey; label: string; to: string; enabled: boolean };

/**
 * The side navigation (docs/product/restaurant-setup.md#dashboard): Edit
 * Restaurant replaces Create Restaurant once a restaurant is active, and until then every entry
 * but Order Summary and Create Restaurant is greyed out.
 */
export function dashboardNavEntries(restaurantActive: boolean): DashboardNavEntry[] {
  return [
    { key: 'orderSummary', label: 'Order Summary', to: dashboardPaths.orderSummary, enabled: true },
    restaurantActive
      ? { key: 'restaurant', label: 'Edit Restaurant', to: dashboardPaths.editRestaurant, enabled: true }
      : { key: 'restaurant', label: 'Create Restaurant', to: dashboardPaths.createRestaurant, enabled: true },
    { key: 'profile', label: 'Profile', to: dashboardPaths.profile, enabled: restaurantActive },
    {
      key: 'generateQrCode',
      label: 'Generate Qr Code',
      to: dashboardPaths.generateQrCode,
      enabled: restaurantActive,
    },
    {
      key: 'menuManagement',
      label: 'Menu Management',
      to: dashboardPaths.menuManagement,
      enabled: restaurantActive,
    },
    {
      key: 'orderManagement',
      label: 'Order Management',
      to: dashboardPaths.orderManagement,
      enabled: restaurantActive,
    },
    {
      key: 'kitchenManagement',
      label: 'Kitchen Management',
      to: dashboardPaths.kitchenManagement,
      enabled: restaurantActive,
    },
    { key: 'devices', label: 'Devices', to: dashboardPaths.devices, enabled: restaurantActive },
  ];
}
