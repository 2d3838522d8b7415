import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { daysFromNow, signInOwner, subscriptionFixture } from '@/test/subscription-fixtures';
import { Component as DashboardLayout } from './dashboard';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderDashboard = () =>
  renderRoute(DashboardLayout, {
    path: '/dashboard',
    destinations: [
      '/',
      '/login',
      '/select-subscription',
      '/subscription-details',
      '/dashboard/create-restaurant',
      '/dashboard/edit-restaurant',
      '/dashboard/order-summary',
      '/dashboard/profile',
    ],
  });

/** The desktop side navigation (the drawer holds a second copy for phones). */
const sideNav = async () => within((await screen.findAllByRole('navigation', { name: 'Dashboard' }))[0]!);

describe('Dashboard guard (docs/product/accounts.md#owner-session)', () => {
  it('clears the session and goes to / without the owner token', async () => {
    sessionStorage.setItem('user_id', '42');
    sessionStorage.setItem('restaurant_id', '9');
    const { fetchMock } = stubFetch(() => jsonResponse(200, subscriptionFixture()));
    renderDashboard();
    expect(await screen.findByText('Page /')).toBeInTheDocument();
    expect(sessionStorage.length).toBe(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each(['', 'abc', '12x', '-3', '0'])(
    'clears the session and goes to / when the user id is %j',
    async (userId) => {
      signInOwner({ userId });
      stubFetch(() => jsonResponse(200, subscriptionFixture()));
      renderDashboard();
      expect(await screen.findByText('Page /')).toBeInTheDocument();
      expect(localStorage.getItem('RestaurantToken')).toBeNull();
      expect(sessionStorage.getItem('user_id')).toBeNull();
    },
  );

  it('sends an owner without a subscription (404) to /select-subscription', async () => {
    signInOwner();
    stubFetch(() => jsonResponse(404, { message: 'No subscription found' }));
    renderDashboard();
    expect(await screen.findByText('Page /select-subscription')).toBeInTheDocument();
  });

  it('sends an expired owner outside the grace period to /select-subscription', async () => {
    signInOwner();
    stubFetch(() => jsonResponse(200, subscriptionFixture({ status: 'expired', next_billing_date: null })));
    renderDashboard();
    expect(await screen.findByText('Page /select-subscription')).toBeInTheDocument();
  });

  it('lets an expired owner still in the grace period in', async () => {
    signInOwner();
    stubFetch(() => jsonResponse(200, subscriptionFixture({ status: 'expired', is_in_grace_period: true })));
    renderDashboard();
    expect(await sideNav()).toBeTruthy();
  });

  it('logs the owner out when the token is refused', async () => {
    signInOwner();
    stubFetch(() => jsonResponse(401, { message: 'Please log in to continue' }));
    renderDashboard();
    expect(await screen.findByText('Page /login')).toBeInTheDocument();
    expect(localStorage.getItem('RestaurantToken')).toBeNull();
  });

  it('waits for a fresh status instead of routing on the one cached before a payment', async () => {
    signInOwner();
    const status = deferred<Response>();
    const { calls } = stubFetch(() => status.promise);
    // The plans screen read 'none' (a 404) and the payment only marked it stale.
    const { router, queryClient } = renderRoute(DashboardLayout, {
      path: '/dashboard',
      url: '/select-subscription',
      destinations: ['/select-subscription', '/dashboard/create-restaurant'],
    });
    queryClient.setQueryData(['subscription-status', 42], null);
    await queryClient.invalidateQueries({ queryKey: ['subscription-status', 42] });

    await act(() => router.navigate('/dashboard'));
    expect(screen.getByText('Loading your dashboard…')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(calls().map((call) => call.url)).toEqual(['/api/v1/subscription/subscription-status/42']);

    status.resolve(jsonResponse(200, subscriptionFixture()));
    expect(await sideNav()).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('routes at once on a status fresh in the cache, as a payment leaves it', async () => {
    signInOwner();
    const { fetchMock } = stubFetch(() => jsonResponse(200, subscriptionFixture()));
    const { router, queryClient } = renderRoute(DashboardLayout, {
      path: '/dashboard',
      url: '/select-subscription',
      destinations: ['/select-subscription'],
    });
    queryClient.setQueryDefaults(['subscription-status'], { staleTime: 30_000 });
    queryClient.setQueryData(['subscription-status', 42], subscriptionFixture());
    await act(() => router.navigate('/dashboard'));
    expect(await sideNav()).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the frame while the status is read again later', async () => {
    signInOwner();
    const later = deferred<Response>();
    let reads = 0;
    stubFetch(() => (++reads === 1 ? jsonResponse(200, subscriptionFixture()) : later.promise));
    const { queryClient } = renderDashboard();
    await sideNav();
    await act(async () => {
      void queryClient.invalidateQueries({ queryKey: ['subscription-status', 42] });
    });
    expect(reads).toBe(2);
    expect(screen.queryByText('Loading your dashboard…')).not.toBeInTheDocument();
    expect(await sideNav()).toBeTruthy();
    later.resolve(jsonResponse(200, subscriptionFixture()));
  });

  it('keeps the subscription id in the session', async () => {
    signInOwner();
    stubFetch(() => jsonResponse(200, subscriptionFixture({ subscription_id: 31 })));
    renderDashboard();
    await sideNav();
    await waitFor(() => expect(sessionStorage.getItem('subscription_id')).toBe('31'));
  });
});

describe('Dashboard navigation (docs/product/restaurant-setup.md#dashboard)', () => {
  it('greys out every entry but Order Summary and Create Restaurant until a restaurant is active', async () => {
    signInOwner();
    stubFetch(() => jsonResponse(200, subscriptionFixture()));
    const { router } = renderDashboard();
    const nav = await sideNav();
    expect(nav.getByRole('link', { name: 'Order Summary' })).toHaveAttribute(
      'href',
      '/dashboard/order-summary',
    );
    expect(nav.getByRole('link', { name: 'Create Restaurant' })).toHaveAttribute(
      'href',
      '/dashboard/create-restaurant',
    );
    for (const label of [
      'Profile',
      'Generate Qr Code',
      'Menu Management',
      'Order Management',
      'Kitchen Management',
      'Audit Trail',
    ]) {
      expect(nav.queryByRole('link', { name: new RegExp(label) })).not.toBeInTheDocument();
      const entry = nav.getByText(label).closest('[aria-disabled="true"]');
      expect(entry).not.toBeNull();
      fireEvent.click(entry!);
    }
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('offers Edit Restaurant and every entry once a restaurant is active', async () => {
    signInOwner();
    sessionStorage.setItem('restaurant_id', '9');
    stubFetch(() => jsonResponse(200, subscriptionFixture({ restaurant_id: 9 })));
    renderDashboard();
    const nav = await sideNav();
    expect(nav.getByRole('link', { name: 'Edit Restaurant' })).toBeInTheDocument();
    expect(nav.queryByText('Create Restaurant')).not.toBeInTheDocument();
    await userEvent.setup().click(nav.getByRole('link', { name: 'Profile' }));
    expect(await screen.findByText('Page /dashboard/profile')).toBeInTheDocument();
  });

  it('links to Subscription Details', async () => {
    signInOwner();
    stubFetch(() => jsonResponse(200, subscriptionFixture()));
    renderDashboard();
    const nav = await sideNav();
    expect(nav.getByRole('link', { name: /Subscription Details/ })).toHaveAttribute(
      'href',
      '/subscription-details',
    );
  });

  it('logs out: clears the session and the owner token, then goes to /login', async () => {
    signInOwner();
    sessionStorage.setItem('restaurant_id', '9');
    stubFetch(() => jsonResponse(200, subscriptionFixture()));
    renderDashboard();
    await userEvent.setup().click((await sideNav()).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('Page /login')).toBeInTheDocument();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('RestaurantToken')).toBeNull();
  });

  it('opens the navigation drawer from the menu button and closes it on navigation', async () => {
    signInOwner();
    stubFetch(() => jsonResponse(200, subscriptionFixture()));
    renderDashboard();
    const user = userEvent.setup();
    const menuButton = await screen.findByRole('button', { name: 'Menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton);
    const drawer = document.getElementById('dashboard-drawer') as HTMLDialogElement;
    expect(drawer.open).toBe(true);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(drawer).getByRole('link', { name: 'Create Restaurant' }));
    expect(await screen.findByText('Page /dashboard/create-restaurant')).toBeInTheDocument();
  });

  it('shows the grace banner above the content', async () => {
    signInOwner();
    stubFetch(() =>
      jsonResponse(
        200,
        subscriptionFixture({
          status: 'grace_period',
          is_in_grace_period: true,
          next_billing_date: null,
          end_date: daysFromNow(-2),
          grace_period_end_date: daysFromNow(5),
        }),
      ),
    );
    renderDashboard();
    expect(await screen.findByText(/day 3 of 7/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Renew now/ })).toHaveAttribute('href', '/select-subscription');
  });
});

describe("A staff member's dashboard (docs/product/staff.md#roles)", () => {
  const signInStaff = (role: string) => {
    signInOwner({ token: 'staff-token' });
    sessionStorage.setItem('staff_role', role);
  };

  it("never asks for the owner's subscription and shows only the role's entries", async () => {
    signInStaff('server');
    const { fetchMock } = stubFetch(() => jsonResponse(403, { message: 'Your role does not allow this.' }));
    renderDashboard();
    const nav = await sideNav();
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Order Summary',
      'Order Management',
    ]);
    expect(nav.getByText('Signed in as')).toHaveTextContent('Signed in as Server');
    expect(nav.queryByText('Subscription Details')).not.toBeInTheDocument();
    expect(screen.queryByText("We couldn't check your subscription just now.")).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the Kitchen only the Kitchen screen', async () => {
    signInStaff('kitchen');
    stubFetch(() => jsonResponse(500, {}));
    renderDashboard();
    const nav = await sideNav();
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(['Kitchen Management']);
    expect(nav.getByText('Signed in as')).toHaveTextContent('Signed in as Kitchen');
  });

  it('logs a staff member out: clears the session and the token, then goes to /login', async () => {
    signInStaff('kitchen');
    stubFetch(() => jsonResponse(500, {}));
    renderDashboard();
    await userEvent.setup().click((await sideNav()).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('Page /login')).toBeInTheDocument();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('RestaurantToken')).toBeNull();
  });
});

describe("A paired tablet's dashboard (docs/product/staff.md#paired-devices)", () => {
  const pairTablet = (role: string, name = 'Pass tablet') => {
    signInOwner({ token: 'device-token' });
    sessionStorage.setItem('staff_role', role);
    localStorage.setItem('deviceCredential', `12.${'a'.repeat(43)}`);
    localStorage.setItem('deviceName', name);
  };
  const renderTablet = () =>
    renderRoute(DashboardLayout, { path: '/dashboard', destinations: ['/login', '/pair'] });
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it("names the device in a compact top bar, with no side navigation and no role's badge", async () => {
    pairTablet('kitchen');
    stubFetch(() => jsonResponse(500, {}));
    renderTablet();
    const bar = await screen.findByRole('banner');
    expect(within(bar).getByText('Signed in as', { exact: false })).toHaveTextContent(
      'Signed in as Pass tablet · Kitchen',
    );
    expect(within(bar).getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    // The kitchen has one screen: no navigation at all, and the screen takes the whole width.
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it("lists a server tablet's screens in its top bar", async () => {
    pairTablet('server', 'Bar tablet');
    stubFetch(() => jsonResponse(500, {}));
    renderTablet();
    const nav = await screen.findByRole('navigation', { name: 'Device screens' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Order Summary', 'Order Management']);
    expect(screen.getByRole('banner')).toHaveTextContent('Signed in as Bar tablet · Server');
  });

  it('Log Out explains that it unpairs the tablet, and Cancel keeps it paired', async () => {
    pairTablet('kitchen');
    stubFetch(() => jsonResponse(500, {}));
    renderTablet();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log Out' }));
    const dialog = screen.getByRole('dialog', { name: 'Unpair this tablet?' });
    expect(dialog).toHaveTextContent(
      'Logging out unpairs Pass tablet: this tablet forgets its pairing and goes back to the pairing screen. To use it again, create a new pairing code on the Devices screen.',
    );
    expect(dialog).toHaveTextContent(
      'Until then it stays listed on the Devices screen, where a manager can also revoke it.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('deviceCredential')).not.toBeNull();
    expect(localStorage.getItem('RestaurantToken')).toBe('device-token');
  });

  it('Unpair forgets the credential, the name and the session, then opens /pair', async () => {
    pairTablet('kitchen');
    const { fetchMock } = stubFetch(() => jsonResponse(500, {}));
    renderTablet();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log Out' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Unpair this tablet?' })).getByRole('button', {
        name: 'Unpair',
      }),
    );
    expect(await screen.findByText('Page /pair')).toBeInTheDocument();
    expect(localStorage.getItem('deviceCredential')).toBeNull();
    expect(localStorage.getItem('deviceName')).toBeNull();
    expect(localStorage.getItem('RestaurantToken')).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
