/** Every route path of the app (docs/product/web-app.md#routes), in one place. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  dashboardRegister: '/dashboard/register',
  dashboard: '/dashboard',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  /** The staff invitation link, /invite/<token> (docs/product/staff.md#staff-accounts). */
  invite: '/invite',
  selectSubscription: '/select-subscription',
  paymentDetails: '/payment-details',
  subscriptionDetails: '/subscription-details',
  menuDisplay: '/menu-display',
  cart: '/cart',
  customerDetails: '/customer_details',
  customerOrders: '/customer_orders',
  orderStatus: '/customer/order-status',
  trackOrder: '/track-order',
  /** A diner's bill (ADR 020): /bill?token&table for the table's open bill, /bill/<bill id> for one bill. */
  bill: '/bill',
  contact: '/contact',
  about: '/about',
  terms: '/terms-and-conditions',
  /** A tablet becomes a paired device here (docs/product/staff.md#paired-devices). */
  pair: '/pair',
} as const;

/** The dashboard's sub-routes (docs/product/restaurant-setup.md#dashboard). */
export const dashboardPaths = {
  home: paths.dashboard,
  orderSummary: `${paths.dashboard}/order-summary`,
  createRestaurant: `${paths.dashboard}/create-restaurant`,
  editRestaurant: `${paths.dashboard}/edit-restaurant`,
  paymentSettings: `${paths.dashboard}/payment-settings`,
  profile: `${paths.dashboard}/profile`,
  placeOrder: `${paths.dashboard}/place-order`,
  generateQrCode: `${paths.dashboard}/generate-qr-code`,
  menuManagement: `${paths.dashboard}/menu-management`,
  orderManagement: `${paths.dashboard}/order-management`,
  kitchenManagement: `${paths.dashboard}/kitchen-management`,
  staff: `${paths.dashboard}/staff`,
  auditTrail: `${paths.dashboard}/audit-trail`,
  devices: `${paths.dashboard}/devices`,
} as const;
