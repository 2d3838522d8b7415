/**
 * Every route of the API, by what its work and its answer cost (docs/decisions/024-bounded-work.md;
 * docs/performance.md, "Bounded work"). One place, so that a new route must say which it is:
 * `bounded-routes.test.ts` walks the app's registered routes and fails on a GET (or a route that
 * answers a file) listed in neither table; `bounded-routes.resource.test.ts` runs every route
 * of `boundedRoutes` at once over the largest data the product accepts while /health is polled.
 *
 * A route is **bounded** when what it reads, builds or answers grows with stored data; its entry
 * says what holds it: a page size, a hard limit on what may be stored, a worker's line, a rate
 * limit. A route is **constant** when its cost does not grow with stored data, and says why.
 */

export type RouteId = `${'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'} /${string}`;

export type Bound = {
  /** What bounds its work and its answer. */
  bound: string;
  /** Who may call it and how often, when a limit applies. */
  limit?: string;
  /**
   * Set where the resource suite measured it past its bound, with what it measured and what is
   * still to do: the suite reports it and does not fail on it. A debt written down where the
   * next route is added, never a place to hide a new one.
   */
  over?: string;
};

export const boundedRoutes = {
  'GET /api/v1/table-bill': {
    bound:
      "a table's bill holds at most MAX_BILL_LINES (250) lines, placement refuses more (docs/product/payments.md#bill-size); read in the bills' bounded line (2 at once, 32 waiting, then 503)",
    limit: 'billLimits.reads: 240 a minute per address',
  },
  'GET /api/v1/bills/{bill_id}': {
    bound: 'as GET /table-bill: MAX_BILL_LINES, and the bills’ bounded line',
    limit: 'billLimits.reads: 240 a minute per address',
  },
  'GET /api/v1/bills/{bill_id}/payments/{payment_id}': {
    bound:
      'one payment, but deciding who may see it reads the bill: MAX_BILL_LINES, and the bills’ bounded line',
    limit: 'billLimits.reads: 240 a minute per address',
  },
  'POST /api/v1/bills/{bill_id}/payments': {
    bound: 'answers the bill as it is now: MAX_BILL_LINES',
    limit: 'billLimits.payments: 30 a minute per address',
  },
  'GET /api/v1/bills/{bill_id}/payments/{payment_id}/receipt.pdf': {
    bound:
      "at most RECEIPT_LINES_LISTED (40) of a whole bill's lines, a payment by items' own shares (at most 200); read and drawn on the receipts' worker, one at a time, 10 waiting, then 503 RECEIPTS_BUSY",
    limit: 'billLimits.receipts: 30 a minute per address',
  },
  'GET /api/v1/bills/open/{restaurant_id}': {
    bound:
      'one open bill a table (MAX_TABLES, 1,000), orders awaiting payment (cancelled after 15 minutes) and bills paid in the last 2 hours; staff only',
  },
  'GET /api/v1/menu/table-cards/{restaurant_id}': {
    bound:
      "MAX_TABLES (1,000) cards; drawn on the sheets' worker, one at a time, 4 waiting, then 503 SHEETS_BUSY",
    limit: 'ownerLimits.tableCardsPdf: 6 a minute per owner',
  },
  'GET /api/v1/menu/table-codes/{restaurant_id}': {
    bound: "MAX_TABLES (1,000) codes; encoded on the sheets' worker, in the same line",
    limit: 'ownerLimits.tableCodes: 30 a minute per owner',
  },
  'GET /api/v1/customer/orders/{restaurant_id}': {
    bound:
      'Order Summary: a page of at most MAX_PER_PAGE (50) orders of at most MAX_ORDER_LINES lines; counters counted by the database',
  },
  'GET /api/v1/owner/restaurant/{restaurant_id}/orders': {
    bound: 'Order Management: a page of at most MAX_PER_PAGE (50) orders',
  },
  'GET /api/v1/customer/{customer_id}/orders': {
    bound: "a diner's orders: a page of at most MAX_PER_PAGE (50)",
  },
  'GET /api/v1/owner/restaurant/{restaurant_id}/audit': {
    bound: 'the audit trail: a page of at most MAX_PER_PAGE (50) entries',
  },
  'GET /api/v1/owner/restaurant/{restaurant_id}/audit/actors': {
    bound: "everyone in the audit trail: the restaurant's owner, staff and devices, counted by the database",
  },
  'GET /api/v1/kitchen/restaurant/{restaurant_id}/orders': {
    bound: "one business day's orders: as many as the day had (not capped)",
    over: "8 at once over a day of 1,000 orders (649 KB each) held /health 1.0–1.2 s: to page, keep to the open orders, or take turns in a line like the bills'",
  },
  'GET /api/v1/customer/daily-sales/{restaurant_id}': {
    bound: "one business day's orders and lines: as many as the day had (not capped)",
    over: '8 at once over a day of 1,000 orders (393 KB each) held /health 0.5–1.0 s: to page the orders, or take turns in a line',
  },
  'GET /api/v1/sales/payments': {
    bound: "one business day's payments and refunds: as many as the day had (not capped)",
    over: '8 at once over a day with a 250-line bill held /health 0.4–0.6 s: to take turns in a line',
  },
  'GET /api/v1/owner/restaurant/{restaurant_id}/kitchen-analytics': {
    bound: 'at most ANALYTICS_MAX_DAYS (31) days of orders',
    over: '8 at once over 31 days with 1,000 orders held /health 0.17–0.28 s: to add up in the database, or take turns in a line',
  },
  'GET /api/v1/menu/get-menu-items/{restaurant_id}': {
    bound:
      "the restaurant's menu: every dish with its options (a menu's size is the owner's; no limit on dishes)",
    over: '8 at once of 150 dishes with 40 options each (353 KB) held /health 0.29–0.33 s: to cap a menu, or serve it like the published menu',
  },
  'GET /api/v1/customer/display-menu/{token}': {
    bound: 'the published menu: built and compressed once a change, then the same bytes (published-menus.ts)',
  },
  'GET /api/v1/orders/{order_id}/refunds': {
    bound: "one order's refunds and lines: at most MAX_ORDER_LINES lines; staff only",
  },
  'GET /api/v1/owner/restaurant/{restaurant_id}/orders/{order_id}/history': {
    bound: "one order's audit entries: the changes staff made to it",
  },
  'GET /api/v1/owner/restaurant/{restaurant_id}/devices': {
    bound: "the restaurant's paired devices",
    limit: 'ownerLimits.pairingCodes: 20 pairing codes an hour per owner',
  },
  'GET /api/v1/staff': {
    bound: "the restaurant's people and open invitations",
  },
  'GET /api/v1/restaurant/search-restaurants': {
    bound: 'a page of at most MAX_PER_PAGE (50) restaurants',
  },
} as const satisfies Record<RouteId, Bound>;

export type BoundedRouteId = keyof typeof boundedRoutes;

/** Routes whose cost does not grow with stored data, and why. */
export const constantRoutes = {
  'GET /api/v1/health': 'a fixed answer and one ping of the database',
  'GET /health/live': 'a fixed answer',
  'GET /health/ready': 'a fixed answer and one ping of the database',
  'GET /metrics': "the process's own counters: a fixed set of series",
  'GET /api/docs': 'the API description, made once at start',
  'GET /api/docs/json': 'the API description, made once at start',
  'GET /api/docs/yaml': 'the API description, made once at start',
  'GET /api/docs/static/index.html': 'a file shipped with the server',
  'GET /api/docs/static/swagger-initializer.js': 'a file shipped with the server',
  'GET /api/docs/static/*': 'files shipped with the server',
  'GET /api/v1/public-config': 'a fixed answer from the configuration',
  'GET /api/v1/auth/user/{user_id}': "one owner's profile",
  'GET /api/v1/auth/verify-email': 'one token, one account',
  'GET /api/v1/customer/order-status': 'one order: its status only',
  'GET /api/v1/customer/order-summary/{restaurant_id}/{order_id}': 'one order: at most MAX_ORDER_LINES lines',
  'GET /api/v1/restaurant/get-restaurant/{restaurant_id}': 'one restaurant',
  'GET /api/v1/restaurant/payment-settings/{restaurant_id}':
    'one restaurant: at most MAX_TAX_RATES (10) tax rates',
  'GET /api/v1/staff/invitation': 'one invitation',
  'GET /api/v1/subscription/plans': 'the few plans the platform sells',
  'GET /api/v1/subscription/subscription-status/{user_id}': "one owner's subscription",
  'GET /api/v1/uploads/{key}': 'one image of at most UPLOAD_MAX_BYTES (5 MB), streamed from disk',
  'POST /api/v1/menu/generate-qr-code': "one QR code's image",
} as const satisfies Record<RouteId, string>;
