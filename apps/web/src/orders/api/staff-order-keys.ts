/**
 * Query keys of the restaurant's order screens. Every list of one restaurant sits under
 * `staffOrderKeys.all(restaurantId)`, so a live event or an action refreshes all of them at once.
 */
export const staffOrderKeys = {
  all: (restaurantId: number) => ['staff-orders', restaurantId] as const,
  summary: (restaurantId: number, query: object) => ['staff-orders', restaurantId, 'summary', query] as const,
  management: (restaurantId: number, page: number) =>
    ['staff-orders', restaurantId, 'management', page] as const,
  kitchen: (restaurantId: number) => ['staff-orders', restaurantId, 'kitchen'] as const,
  openBills: (restaurantId: number) => ['staff-orders', restaurantId, 'open-bills'] as const,
  sales: (restaurantId: number, date: string) => ['staff-orders', restaurantId, 'sales', date] as const,
  history: (restaurantId: number, orderId: number) =>
    ['staff-orders', restaurantId, 'history', orderId] as const,
  kitchenAnalytics: (restaurantId: number, query: object) =>
    ['staff-orders', restaurantId, 'kitchen-analytics', query] as const,
};
