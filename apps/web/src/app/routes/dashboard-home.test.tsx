import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render-route';
import { signInOwner } from '@/test/subscription-fixtures';
import { Component as DashboardHome } from './dashboard-home';

afterEach(() => vi.restoreAllMocks());

const renderHome = () =>
  renderRoute(DashboardHome, {
    path: '/dashboard',
    destinations: [
      '/dashboard/order-summary',
      '/dashboard/create-restaurant',
      '/dashboard/kitchen-management',
    ],
  });

describe('/dashboard opens the first screen (docs/product/restaurant-setup.md#dashboard)', () => {
  it('opens Create Restaurant for an owner without a restaurant', async () => {
    signInOwner();
    renderHome();
    expect(await screen.findByText('Page /dashboard/create-restaurant')).toBeInTheDocument();
  });

  it.each([
    ['kitchen', '/dashboard/kitchen-management'],
    ['server', '/dashboard/order-summary'],
  ])('opens the first screen a %s may open (docs/product/staff.md#roles)', async (role, landing) => {
    signInOwner({ token: 'staff-token' });
    sessionStorage.setItem('staff_role', role);
    renderHome();
    expect(await screen.findByText(`Page ${landing}`)).toBeInTheDocument();
  });
});
