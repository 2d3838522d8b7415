import { paths } from '@/config/paths';

/** Landing-page sections the header links to (docs/product/web-app.md#landing-page). */
export const landingSections = [
  { id: 'features', label: 'Features' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'testimonials', label: 'Testimonials' },
] as const;

/**
 * Pages whose header shows the diner's login button or name dropdown
 * (docs/product/web-app.md#shell: only on /menu-display, /cart and /customer_details).
 */
export const accountSlotPaths: readonly string[] = [paths.menuDisplay, paths.cart, paths.customerDetails];

/**
 * Diner and owner app pages. The marketing links (Pricing, Sign Up…) would only distract a
 * diner at a table or an owner at work, so there the header keeps just the logo and the slot.
 */
const appPathPrefixes: readonly string[] = [
  paths.menuDisplay,
  paths.cart,
  paths.customerDetails,
  paths.customerOrders,
  paths.orderStatus,
  paths.trackOrder,
  paths.dashboard,
  paths.selectSubscription,
  paths.paymentDetails,
  paths.subscriptionDetails,
];

export function isAppPath(pathname: string): boolean {
  // /dashboard/register is the public sign-up form, not part of the dashboard.
  if (pathname === paths.dashboardRegister) return false;
  return appPathPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
