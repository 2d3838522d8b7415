import type { Role } from '@tableserve/contract/staff-roles';
import { describe, expect, it } from 'vitest';
import { dashboardNavEntries } from './dashboard-nav';

describe('dashboardNavEntries (docs/product/restaurant-setup.md#dashboard)', () => {
  it('greys out everything but Order Summary and Create Restaurant until a restaurant is active', () => {
    const entries = dashboardNavEntries(false);
    expect(entries.map((entry) => entry.label)).toEqual([
      'Order Summary',
      'Create Restaurant',
      'Payments & taxes',
      'Profile',
      'Generate Qr Code',
      'Menu Management',
      'Order Management',
      'Kitchen Management',
      'Staff',
      'Devices',
      'Audit Trail',
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

  const labelsFor = (role: Role) => dashboardNavEntries(true, role).map((entry) => entry.label);

  it('shows each role only the entries it may open (docs/product/staff.md#roles)', () => {
    const everyEntry = [
      'Order Summary',
      'Edit Restaurant',
      'Payments & taxes',
      'Profile',
      'Generate Qr Code',
      'Menu Management',
      'Order Management',
      'Kitchen Management',
      'Staff',
      'Devices',
      'Audit Trail',
    ];
    expect(labelsFor('owner')).toEqual(everyEntry);
    expect(labelsFor('manager')).toEqual(everyEntry.filter((label) => label !== 'Profile'));
    expect(labelsFor('server')).toEqual(['Order Summary', 'Order Management']);
    expect(labelsFor('kitchen')).toEqual(['Kitchen Management']);
  });

  it('never offers Create Restaurant to a manager', () => {
    expect(dashboardNavEntries(false, 'manager').map((entry) => entry.label)).not.toContain(
      'Create Restaurant',
    );
  });
});
