import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/features/auth/testing/render-route';
import { DashboardWelcome } from './dashboard-welcome';

afterEach(() => vi.restoreAllMocks());

describe('Dashboard welcome', () => {
  it('welcomes the owner of a new restaurant and points to the menu, the QR code and Subscription Details', () => {
    renderRoute(DashboardWelcome, { path: '/dashboard' });
    expect(screen.getByRole('heading', { name: 'Welcome to TableServe' })).toBeInTheDocument();
    expect(screen.getByText(/Your restaurant is set up/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open Menu Management/ })).toHaveAttribute(
      'href',
      '/dashboard/menu-management',
    );
    expect(screen.getByRole('link', { name: /Generate Qr Code/ })).toHaveAttribute(
      'href',
      '/dashboard/generate-qr-code',
    );
    expect(screen.getByRole('link', { name: /Subscription Details/ })).toHaveAttribute(
      'href',
      '/subscription-details',
    );
  });
});
