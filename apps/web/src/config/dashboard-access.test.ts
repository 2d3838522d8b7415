import { describe, expect, it } from 'vitest';
import { allows, firstAllowedPath, mayOpen, OWNER_ONLY } from './dashboard-access';

describe('who may open which dashboard screen (docs/product/staff.md#roles)', () => {
  it('keeps the subscription, the profile and creating the restaurant for the owner', () => {
    expect(allows('owner', OWNER_ONLY)).toBe(true);
    for (const role of ['manager', 'server', 'kitchen'] as const) {
      expect(allows(role, OWNER_ONLY)).toBe(false);
      expect(mayOpen(role, 'profile')).toBe(false);
      expect(mayOpen(role, 'createRestaurant')).toBe(false);
    }
  });

  it('lets a server place orders but not open the Kitchen screen, and the kitchen the reverse', () => {
    expect(mayOpen('server', 'placeOrder')).toBe(true);
    expect(mayOpen('server', 'kitchenManagement')).toBe(false);
    expect(mayOpen('kitchen', 'kitchenManagement')).toBe(true);
    expect(mayOpen('kitchen', 'placeOrder')).toBe(false);
  });

  it('lands each role on the first screen it allows', () => {
    expect(firstAllowedPath('owner')).toBe('/dashboard/order-summary');
    expect(firstAllowedPath('manager')).toBe('/dashboard/order-summary');
    expect(firstAllowedPath('server')).toBe('/dashboard/order-summary');
    expect(firstAllowedPath('kitchen')).toBe('/dashboard/kitchen-management');
  });
});
