import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootLayout } from './root-layout';

beforeEach(() => {
  // jsdom has no layout: the scroll restoration's scrollTo is a no-op there.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

function renderAt(url: string) {
  const router = createMemoryRouter(
    [{ path: '/', element: <RootLayout />, children: [{ path: '*', element: <p>Page</p> }] }],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
}

const pairTablet = () => {
  localStorage.setItem('deviceCredential', `12.${'a'.repeat(43)}`);
  localStorage.setItem('deviceName', 'Pass tablet');
  localStorage.setItem('RestaurantToken', 'device-token');
  sessionStorage.setItem('user_id', '7');
  sessionStorage.setItem('staff_role', 'kitchen');
};

/** The site's frame (docs/product/staff.md#paired-devices, docs/product/web-app.md#shell). */
describe('the root layout', () => {
  it('wears the header and the footer on the public pages', async () => {
    renderAt('/about');
    expect(await screen.findByText('Page')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it("keeps the header but no footer on an owner's dashboard", async () => {
    sessionStorage.setItem('user_id', '7');
    localStorage.setItem('RestaurantToken', 'owner-token');
    renderAt('/dashboard/devices');
    expect(await screen.findByText('Page')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByText('© 2024 TableServe')).not.toBeInTheDocument();
  });

  it('has no marketing chrome on /pair', async () => {
    renderAt('/pair');
    expect(await screen.findByText('Page')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it("has no marketing chrome on a paired tablet's screens", async () => {
    pairTablet();
    renderAt('/dashboard/kitchen-management');
    expect(await screen.findByText('Page')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('wears the header again when an owner signs in on a paired tablet', async () => {
    pairTablet();
    sessionStorage.removeItem('staff_role');
    renderAt('/dashboard/order-summary');
    expect(await screen.findByText('Page')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});
