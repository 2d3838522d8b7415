import { describe, expect, it } from 'vitest';
import { dashboardNavEntries } from './dashboard-nav';

describe('dashboardNavEntries (docs/product/restaurant-setup.md#dashboard)', () => {
  it('greys out everything but Order Summary and Create Restaurant until a restaurant is active', () => {
    const entries = dashboardNavEntries(false);
    expect(entries.map((entry) => entry.label)).toEqual([
      'Order Summary',
      'Create Restaurant',
      'Profile',
      'Generate Qr Code',
      'Menu Management',
      'Order Management',
      'Kitchen Management',
      'Devices',
    ]);
    expect(entries.filter((entry) => entry.enabled).map((entry) => entry.label)).toEqual([
      'Order Summary',
      'Create Restaurant',
    ]);
  });

  it('offers Edit Restaurant and every entry once a restaurant is active', () => {
    const entries = dashboardNavEntries(true);
    expect(entries[1]).toMatchObject({ label: 'Edit Restaurant', to: '/dashboard/edit-restaurant' });
    expect(entries.every((entry) => entry.enabled)).toBe(true);
  });
});
