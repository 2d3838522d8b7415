import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/features/auth/testing/render-route';
import { DashboardWelcome } from './dashboard-welcome';

afterEach(() => vi.restoreAllMocks());

describe('Dashboard welcome', () => {
  it('welcomes the owner and points to creating the restaurant and to Subscription Details', () => {
    renderRoute(DashboardWelcome, { path: '/dashboard' });
    expect(screen.getByRole('heading', { name: 'Welcome to TableServe' })).toBeInTheDocument();
    expect(screen.getByText(/Next step: create your restaurant/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Create your restaurant/ })).toHaveAttribute(
      'href',
      '/dashboard/create-restaurant',
    );
    expect(screen.getByRole('link', { name: /Subscription Details/ })).toHaveAttribute(
      'href',
      '/subscription-details',
    );
  });
});
