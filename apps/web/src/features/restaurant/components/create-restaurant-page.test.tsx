import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultOpeningHours } from '@/lib/opening-hours';
import { deferred, jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { signInOwner } from '@/test/subscription-fixtures';
import { installFakeGoogleMaps, springfieldPlace } from '../testing/fake-google-maps';
import { CreateRestaurantPage, CreateRestaurantPageWithMaps } from './create-restaurant-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The page as the app shows it: with the app's one toast container. */
function PageWithToasts() {
  return (
    <>
      <CreateRestaurantPage />
      <ToastContainer />
    </>
  );
}

/** Renders the page for owner 42 and lets the 1-s loader pass. */
function openForm() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  signInOwner();
  const rendered = renderRoute(PageWithToasts, {
    path: '/dashboard/create-restaurant',
    destinations: ['/dashboard/menu-management', '/dashboard/edit-restaurant', '/login'],
  });
  act(() => vi.advanceTimersByTime(1000));
  return rendered;
}

const restaurant = {
  'Restaurant name': 'Trattoria Rossi',
  'Restaurant type': 'Italian',
  'Number of tables': '14',
  'Description (optional)': 'Fresh pasta every day.',
  Email: 'hello@trattoria.example',
  Phone: '5551234567',
  'Street address (optional)': '12 Market Street',
  City: 'Springfield',
  State: 'IL',
  'Zip code': '62701',
  Country: 'United States',
};

function fillForm(overrides: Partial<Record<keyof typeof restaurant, string>> = {}) {
  for (const [label, value] of Object.entries({ ...restaurant, ...overrides })) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

// While busy, the spinner's own label ("Working") joins the button's name.
const nextButton = () => screen.getByRole('button', { name: /^(Next|Working ?Creating…)$/ });
const created = { message: 'Restaurant created successfully', restaurant_id: 7, token: 'menu-token' };
const linked = { success: true, message: 'Linked', restaurant_id: 7 };

describe('Create Restaurant (docs/product/restaurant-setup.md#restaurant)', () => {
  it('shows the loader for 1 second, then the form at step 1 of 3', () => {
    vi.useFakeTimers();
    signInOwner();
    renderRoute(CreateRestaurantPage, { path: '/dashboard/create-restaurant' });
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Preparing your restaurant setup' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Create restaurant' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByRole('form', { name: 'Create restaurant' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('form', { name: 'Create restaurant' })).toBeInTheDocument();
    const steps = within(screen.getByRole('navigation', { name: 'Restaurant setup' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((step) => step.textContent)).toEqual([
      '1Create Restaurant',
      '2Add Menu Items',
      '3Complete Setup',
    ]);
  });

  it('sends an owner whose restaurant is already active to Edit Restaurant', async () => {
    signInOwner();
    sessionStorage.setItem('restaurant_id', '9');
    renderRoute(CreateRestaurantPage, {
      path: '/dashboard/create-restaurant',
      destinations: ['/dashboard/edit-restaurant'],
    });
    expect(await screen.findByText('Page /dashboard/edit-restaurant')).toBeInTheDocument();
  });

  it('keeps only digits in the phone field, at most 10', () => {
    openForm();
    const phone = screen.getByLabelText('Phone');
    fireEvent.change(phone, { target: { value: '(555) 123-4567 89x' } });
    expect(phone).toHaveValue('5551234567');
    expect(phone).toHaveAttribute('pattern', '\\d{10}');
  });

  it('styles Next ready only when every required field is valid', () => {
    openForm();
    expect(nextButton()).toHaveAttribute('data-ready', 'false');
    fillForm({ 'Description (optional)': '', 'Street address (optional)': '' });
    expect(nextButton()).toHaveAttribute('data-ready', 'true');
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '555123456' } });
    expect(nextButton()).toHaveAttribute('data-ready', 'false');
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '5551234567' } });
    fireEvent.change(screen.getByLabelText('Number of tables'), { target: { value: '2.5' } });
    expect(nextButton()).toHaveAttribute('data-ready', 'false');
    fireEvent.change(screen.getByLabelText('Number of tables'), { target: { value: '0' } });
    expect(nextButton()).toHaveAttribute('data-ready', 'true');
    fireEvent.change(screen.getByLabelText('Zip code'), { target: { value: ' ' } });
    expect(nextButton()).toHaveAttribute('data-ready', 'false');
  });

  it('marks the invalid fields on Next without calling the server', () => {
    const { fetchMock } = stubFetch(() => jsonResponse(201, created));
    openForm();
    fillForm({ 'Restaurant name': '', Phone: '555', 'Number of tables': '' });
    fireEvent.click(nextButton());
    expect(screen.getByText('Restaurant name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone must be exactly 10 digits')).toBeInTheDocument();
    expect(screen.getByText('Number of tables must be a whole number')).toBeInTheDocument();
    expect(screen.getByLabelText('Restaurant name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Restaurant name')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
    // Editing a field clears its error.
    fireEvent.change(screen.getByLabelText('Restaurant name'), { target: { value: 'Trattoria' } });
    expect(screen.queryByText('Restaurant name is required')).not.toBeInTheDocument();
  });

  it('creates the restaurant, stores it, toasts, links the subscription and goes to Menu Management after 10 s', async () => {
    const { calls } = stubFetch(({ url }) => {
      if (url.endsWith('/restaurant/create-restaurant')) return jsonResponse(201, created);
      if (url.endsWith('/subscription/link-restaurant-subscription')) return jsonResponse(200, linked);
      return jsonResponse(404, { message: 'Not found' });
    });
    const { router } = openForm();
    fillForm();
    fireEvent.change(within(screen.getByRole('group', { name: 'Friday' })).getByLabelText('Closes'), {
      target: { value: '02:00' },
    });
    fireEvent.click(nextButton());

    expect(await screen.findByText('Restaurant created successfully')).toBeInTheDocument();
    const hours = defaultOpeningHours();
    expect(calls()[0]).toEqual({
      url: '/api/v1/restaurant/create-restaurant',
      method: 'POST',
      headers: expect.objectContaining({ Authorization: 'Bearer owner-token' }),
      body: {
        restaurant_name: 'Trattoria Rossi',
        description: 'Fresh pasta every day.',
        restaurant_type: 'Italian',
        number_of_tables: 14,
        opening_hours: { ...hours, friday: { ...hours.friday, close: '02:00', closing_day: 'saturday' } },
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        email: 'hello@trattoria.example',
        phone: '5551234567',
        address: '12 Market Street',
        city: 'Springfield',
        state: 'IL',
        country: 'United States',
        zip_code: '62701',
      },
    });
    expect(sessionStorage.getItem('restaurant_id')).toBe('7');
    expect(localStorage.getItem('restaurant_7_menuSetup')).toBe('pending');
    await waitFor(() =>
      expect(calls()[1]).toMatchObject({
        url: '/api/v1/subscription/link-restaurant-subscription',
        method: 'POST',
        body: { user_id: 42 },
        headers: expect.objectContaining({ Authorization: 'Bearer owner-token' }),
      }),
    );
    expect(calls()).toHaveLength(2);

    act(() => vi.advanceTimersByTime(9_800));
    expect(router.state.location.pathname).toBe('/dashboard/create-restaurant');
    act(() => vi.advanceTimersByTime(300));
    expect(await screen.findByText('Page /dashboard/menu-management')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ restaurant_id: 7 });
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('falls back to update-subscription-restaurant when linking fails, and only logs when both fail', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = stubFetch(({ url }) => {
      if (url.endsWith('/restaurant/create-restaurant')) return jsonResponse(201, created);
      return jsonResponse(500, { message: 'Down' });
    });
    openForm();
    fillForm();
    fireEvent.click(nextButton());
    expect(await screen.findByText('Restaurant created successfully')).toBeInTheDocument();
    await waitFor(() => expect(consoleError).toHaveBeenCalledTimes(1));
    expect(calls().map((call) => [call.url, call.body])).toEqual([
      ['/api/v1/restaurant/create-restaurant', expect.any(Object)],
      ['/api/v1/subscription/link-restaurant-subscription', { user_id: 42 }],
      ['/api/v1/subscription/update-subscription-restaurant', { user_id: 42 }],
    ]);
    expect(screen.queryByText('Error creating restaurant')).not.toBeInTheDocument();
  });

  it('does not log when the fallback link succeeds', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const { calls } = stubFetch(({ url }) => {
      if (url.endsWith('/restaurant/create-restaurant')) return jsonResponse(201, created);
      if (url.endsWith('/subscription/update-subscription-restaurant')) return jsonResponse(200, linked);
      return jsonResponse(500, { message: 'Down' });
    });
    openForm();
    fillForm();
    fireEvent.click(nextButton());
    await waitFor(() => expect(calls()).toHaveLength(3));
    await act(async () => {});
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('goes to Menu Management once, as soon as the toast is closed', async () => {
    stubFetch(({ url }) =>
      url.endsWith('/restaurant/create-restaurant') ? jsonResponse(201, created) : jsonResponse(200, linked),
    );
    const { router } = openForm();
    fillForm();
    fireEvent.click(nextButton());
    const toastText = await screen.findByText('Restaurant created successfully');
    const toastElement = toastText.closest('.Toastify__toast');
    if (!(toastElement instanceof HTMLElement)) throw new Error('toast not found');
    fireEvent.click(within(toastElement).getByRole('button', { name: /close/i }));
    // The toast leaves with a CSS animation; jsdom never plays it, so end it by hand.
    fireEvent.animationEnd(toastElement);
    expect(await screen.findByText('Page /dashboard/menu-management')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ restaurant_id: 7 });
    // The 10-s fallback does not navigate a second time.
    const locationKey = router.state.location.key;
    act(() => vi.advanceTimersByTime(11_000));
    expect(router.state.location.key).toBe(locationKey);
  });

  it('cannot be submitted twice', async () => {
    const pending = deferred<Response>();
    const { calls } = stubFetch(() => pending.promise);
    openForm();
    fillForm();
    fireEvent.click(nextButton());
    fireEvent.submit(screen.getByRole('form', { name: 'Create restaurant' }));
    await waitFor(() => expect(nextButton()).toBeDisabled());
    fireEvent.click(nextButton());
    expect(nextButton()).toHaveAttribute('aria-busy', 'true');
    expect(calls()).toHaveLength(1);
    await act(async () => pending.resolve(jsonResponse(201, created)));
  });

  it("shows 'Error creating restaurant' for 9 seconds when creation fails", async () => {
    stubFetch(() => jsonResponse(500, { message: 'Something went wrong on our side.' }));
    openForm();
    fillForm();
    fireEvent.click(nextButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Error creating restaurant');
    expect(nextButton()).not.toBeDisabled();
    act(() => vi.advanceTimersByTime(8_800));
    expect(screen.getByRole('alert')).toHaveTextContent('Error creating restaurant');
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('restaurant_id')).toBeNull();
  });

  it("marks the fields the server rejected, with 'Error creating restaurant'", async () => {
    stubFetch(() =>
      jsonResponse(400, {
        message: 'Unknown time zone',
        code: 'VALIDATION_ERROR',
        errors: [{ path: 'timezone', message: 'Unknown time zone' }],
      }),
    );
    openForm();
    fillForm();
    fireEvent.click(nextButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Error creating restaurant');
    expect(screen.getByLabelText('Time zone')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Unknown time zone')).toBeInTheDocument();
  });

  it("shows the server's message when the owner already has a restaurant", async () => {
    stubFetch(() =>
      jsonResponse(409, { message: 'You already have a restaurant', code: 'RESTAURANT_EXISTS' }),
    );
    openForm();
    fillForm();
    fireEvent.click(nextButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have a restaurant');
  });
});

describe('Create Restaurant address through Google Places (docs/product/platform.md#maps, docs/product/restaurant-setup.md#restaurant)', () => {
  afterEach(() => {
    delete window.google;
  });

  /** The page as the app mounts it, reading the maps key from GET /public-config. */
  function openFormWithMaps(mapsKey: string | null) {
    const { calls } = stubFetch(({ url }) => {
      if (url.endsWith('/public-config')) return jsonResponse(200, { google_maps_api_key: mapsKey });
      if (url.endsWith('/restaurant/create-restaurant')) return jsonResponse(201, created);
      return jsonResponse(200, linked);
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInOwner();
    renderRoute(
      () => (
        <>
          <CreateRestaurantPageWithMaps />
          <ToastContainer />
        </>
      ),
      { path: '/dashboard/create-restaurant', destinations: ['/dashboard/menu-management'] },
    );
    act(() => vi.advanceTimersByTime(1000));
    return { calls };
  }

  /** Everything but the address, which the places search fills. */
  function fillAllButAddress() {
    const { 'Street address (optional)': _, City, State, 'Zip code': __, Country, ...others } = restaurant;
    for (const [label, value] of Object.entries(others)) {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    }
  }

  it('fills the address fields from a picked place and sends its coordinates', async () => {
    const google = installFakeGoogleMaps();
    const { calls } = openFormWithMaps('browser-key');
    const search = await screen.findByLabelText('Search address');
    await waitFor(() => expect(google.autocompletes).toHaveLength(1));
    expect(google.only().input).toBe(search);
    fillAllButAddress();

    act(() => google.only().choose(springfieldPlace));
    expect(screen.getByLabelText('Street address (optional)')).toHaveValue('12 Market Street');
    expect(screen.getByLabelText('City')).toHaveValue('Springfield');
    expect(screen.getByLabelText('State')).toHaveValue('IL');
    expect(screen.getByLabelText('Zip code')).toHaveValue('62701');
    expect(screen.getByLabelText('Country')).toHaveValue('United States');
    expect(nextButton()).toHaveAttribute('data-ready', 'true');

    // The plain fields stay editable after a pick.
    fireEvent.change(screen.getByLabelText('Street address (optional)'), {
      target: { value: '12 Market Street, Suite 4' },
    });
    fireEvent.click(nextButton());
    expect(await screen.findByText('Restaurant created successfully')).toBeInTheDocument();

    const create = calls().find((call) => call.url === '/api/v1/restaurant/create-restaurant');
    expect(calls()[0]?.url).toBe('/api/v1/public-config');
    expect(create?.body).toMatchObject({
      address: '12 Market Street, Suite 4',
      city: 'Springfield',
      state: 'IL',
      country: 'United States',
      zip_code: '62701',
      latitude: 39.7998,
      longitude: -89.6441,
    });
  });

  it('clears the address errors a pick fixes', async () => {
    const google = installFakeGoogleMaps();
    openFormWithMaps('browser-key');
    await waitFor(() => expect(google.autocompletes).toHaveLength(1));
    fillAllButAddress();
    fireEvent.click(nextButton());
    expect(screen.getByText('City is required')).toBeInTheDocument();
    act(() => google.only().choose(springfieldPlace));
    expect(screen.queryByText('City is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('City')).not.toHaveAttribute('aria-invalid');
  });

  it('without a maps key, shows the plain fields only and sends no coordinates', async () => {
    const { calls } = openFormWithMaps(null);
    await waitFor(() => expect(calls()).toHaveLength(1));
    expect(screen.queryByLabelText('Search address')).not.toBeInTheDocument();
    fillForm();
    fireEvent.click(nextButton());
    expect(await screen.findByText('Restaurant created successfully')).toBeInTheDocument();
    const create = calls().find((call) => call.url === '/api/v1/restaurant/create-restaurant');
    expect(create?.body).toMatchObject({ address: '12 Market Street', city: 'Springfield' });
    expect(create?.body).not.toHaveProperty('latitude');
    expect(create?.body).not.toHaveProperty('longitude');
  });
});
