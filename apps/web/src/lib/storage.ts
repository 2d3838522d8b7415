/**
 * Client storage keys, exactly as the specification names them (docs/product/web-app.md#client-storage,
 * docs/product/web-app.md#client-storage). Nothing else in the app touches localStorage or sessionStorage directly.
 */
export const sessionKeys = {
  userId: 'user_id',
  /** A staff member's or device's role (docs/product/staff.md#roles); absent for the owner. */
  role: 'staff_role',
  restaurantId: 'restaurant_id',
  subscriptionId: 'subscription_id',
  orderDeleted: 'orderDeleted',
  /** The allergens a diner hides on the menu, for the visit (docs/decisions/012-allergens-and-dietary-tags.md): not in the spec. */
  allergenFilter: 'allergenFilter',
  /** The table of the QR code the diner scanned, for the visit (ADR 013): not in the spec. */
  tableFromCode: 'tableFromCode',
  /** When this tab last traded the device credential: a screen still refused after it is not retried. */
  deviceRenewedAt: 'deviceRenewedAt',
  /** The receipt tokens of this visit's bill payments (ADR 020): shown once by the server, not in the spec. */
  billReceipts: 'billReceipts',
  /** The payment timing of the restaurant whose menu the diner opened (ADR 020): not in the spec. */
  paymentTiming: 'paymentTiming',
  /** The build this tab last reloaded to leave, once per build (docs/product/web-app.md#new-build): not in the spec. */
  reloadedForBuild: 'reloadedForBuild',
} as const;

export const localKeys = {
  restaurantToken: 'RestaurantToken',
  customerData: 'customerData',
  customerToken: 'CustomerToken',
  customerLocation: 'customerLocation',
  currentCart: 'currentCart',
  cartPosition: 'cartPosition',
  restaurantId: 'restaurant_id',
  currentRestaurantId: 'current_restaurant_id',
  currentRestaurantDetails: 'current_restaurant_details',
  orderId: 'orderId',
  token: 'token',
  /** The kitchen tablet's own minutes after which a waiting order turns amber, then red. */
  kitchenAgeing: 'kitchenAgeing',
  /** Whether the kitchen tablet shows its board in large type. */
  kitchenLargeType: 'kitchenLargeType',
  /** A paired tablet's device credential (docs/decisions/019-device-credentials.md): replaced at each use. */
  deviceCredential: 'deviceCredential',
  /** The paired tablet's name, from its pairing or refresh answer, shown on its screens. */
  deviceName: 'deviceName',
} as const;

export const menuSetupKey = (restaurantId: number | string) => `restaurant_${restaurantId}_menuSetup`;

type SessionKey = (typeof sessionKeys)[keyof typeof sessionKeys];
type LocalKey = (typeof localKeys)[keyof typeof localKeys] | ReturnType<typeof menuSetupKey>;

export const sessionStore = {
  get: (key: SessionKey) => sessionStorage.getItem(key),
  set: (key: SessionKey, value: string) => sessionStorage.setItem(key, value),
  remove: (key: SessionKey) => sessionStorage.removeItem(key),
  clear: () => sessionStorage.clear(),
};

export const localStore = {
  get: (key: LocalKey) => localStorage.getItem(key),
  set: (key: LocalKey, value: string) => localStorage.setItem(key, value),
  remove: (key: LocalKey) => localStorage.removeItem(key),
  clear: () => localStorage.clear(),
};
