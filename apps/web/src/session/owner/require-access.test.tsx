import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardAccess } from '@/config/dashboard-access';
import { localKeys, sessionKeys } from '@/lib/storage';
import { renderRoute } from '@/test/render-route';
import { RequireAccess } from './require-access';

afterEach(() => vi.restoreAllMocks());

function signIn(role?: string) {
  sessionStorage.setItem(sessionKeys.userId, '42');
  localStorage.setItem(localKeys.restaurantToken, 'a-token');
  if (role) sessionStorage.setItem(sessionKeys.role, role);
}

const KitchenScreen = () => (
  <RequireAccess access={dashboardAccess.kitchenManagement}>
    <p>The Kitchen screen</p>
  </RequireAccess>
);

const renderKitchenScreen = () =>
  renderRoute(KitchenScreen, {
    path: '/dashboard/kitchen-management',
    destinations: ['/dashboard/order-summary'],
  });

describe('a dashboard screen behind its permission (docs/product/staff.md#roles)', () => {
  it('opens for a role that may open it', () => {
    signIn('kitchen');
    renderKitchenScreen();
    expect(screen.getByText('The Kitchen screen')).toBeInTheDocument();
  });

  it('opens for the owner, whose session has no role', () => {
    signIn();
    renderKitchenScreen();
    expect(screen.getByText('The Kitchen screen')).toBeInTheDocument();
  });

  it('tells a role that lacks it why, and leads back to its first screen', async () => {
    signIn('server');
    renderKitchenScreen();
    expect(screen.queryByText('The Kitchen screen')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your role does not allow this.');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to dashboard' }));
    expect(await screen.findByText('Page /dashboard/order-summary')).toBeInTheDocument();
    expect(sessionStorage.getItem(sessionKeys.role)).toBe('server');
  });
});
