import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { restaurantFixture } from '@/test/restaurant-fixtures';
import { signInOwner } from '@/test/subscription-fixtures';
import { EditRestaurantPage } from './edit-restaurant-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderEdit() {
  return renderRoute(EditRestaurantPage, {
    path: '/dashboard/edit-restaurant',
    destinations: ['/login', '/dashboard/create-restaurant'],
  });
}

/** Owner 42 with restaurant 7 in the session; the API answers GET with the fixture and PUT with `onPut`. */
function openRestaurant(onPut: () => Response = () => jsonResponse(200, { data: restaurantFixture() })) {
  signInOwner();
  sessionStorage.setItem('restaurant_id', '7');
  return stubFetch(({ method }) =>
    method === 'PUT' ? onPut() : jsonResponse(200, { data: restaurantFixture() }),
  );
}

const saveButton = () => screen.getByRole('button', { name: /^(Save Changes|Working ?Saving…)$/ });

describe('Edit Restaurant (docs/product/restaurant-setup.md#restaurant, docs/product/restaurant-setup.md#edit-restaurant)', () => {
  it('loads the restaurant with the owner token and shows contact and address read-only', async () => {
    const { calls } = openRestaurant();
    renderEdit();
    expect(await screen.findByLabelText('Restaurant name')).toHaveValue('Trattoria Rossi');
    expect(calls()[0]).toMatchObject({
      url: '/api/v1/restaurant/get-restaurant/7',
      method: 'GET',
      headers: expect.objectContaining({ Authorization: 'Bearer owner-token' }),
    });
    const readOnly = {
      Email: 'hello@trattoria.example',
      Phone: '5551234567',
      'Street address': '12 Market Street',
      City: 'Springfield',
      State: 'IL',
      'Zip code': '62701',
      Country: 'United States',
    };
    for (const [label, value] of Object.entries(readOnly)) {
      const input = screen.getByLabelText(new RegExp(`^${label}`));
      expect(input).toHaveValue(value);
      expect(input).toHaveAttribute('readonly');
    }
    for (const label of [
      'Restaurant name',
      'Restaurant type',
      'Number of tables',
      'Description (optional)',
      'Time zone',
    ]) {
      expect(screen.getByLabelText(label)).not.toHaveAttribute('readonly');
    }
    expect(screen.getByLabelText('Number of tables')).toHaveValue(14);
    expect(screen.getByLabelText('Time zone')).toHaveValue('America/Chicago');
    expect(within(screen.getByRole('group', { name: 'Monday' })).getByLabelText('Closes')).toHaveValue(
      '22:00',
    );
  });

  it("saves the editable fields, shows the server's message and hides it after 3 seconds", async () => {
    const { calls } = openRestaurant(() =>
      jsonResponse(200, {
        message: 'Your changes are saved',
        data: restaurantFixture({ restaurant_name: 'Trattoria Rossa', number_of_tables: 20 }),
      }),
    );
    renderEdit();
    fireEvent.change(await screen.findByLabelText('Restaurant name'), {
      target: { value: 'Trattoria Rossa' },
    });
    fireEvent.change(screen.getByLabelText('Number of tables'), { target: { value: '20' } });
    fireEvent.change(within(screen.getByRole('group', { name: 'Saturday' })).getByLabelText('Closes'), {
      target: { value: '01:00' },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(saveButton());

    const banner = await screen.findByText('Your changes are saved');
    expect(banner.closest('[role="status"]')).toHaveAttribute('data-type', 'success');
    const put = calls()[1]!;
    const hours = restaurantFixture().opening_hours;
    expect(put).toEqual({
      url: '/api/v1/restaurant/update-restaurant/7',
      method: 'PUT',
      headers: expect.objectContaining({ Authorization: 'Bearer owner-token' }),
      body: {
        restaurant_name: 'Trattoria Rossa',
        description: 'Fresh pasta every day.',
        restaurant_type: 'Italian',
        number_of_tables: 20,
        opening_hours: { ...hours, saturday: { ...hours.saturday, close: '01:00', closing_day: 'sunday' } },
        timezone: 'America/Chicago',
      },
    });
    act(() => vi.advanceTimersByTime(2_900));
    expect(screen.getByText('Your changes are saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Your changes are saved')).not.toBeInTheDocument();
  });

  it("falls back to 'Restaurant updated successfully' when the server sends no message", async () => {
    openRestaurant(() => jsonResponse(200, { data: restaurantFixture() }));
    renderEdit();
    await screen.findByLabelText('Restaurant name');
    fireEvent.click(saveButton());
    expect(await screen.findByText('Restaurant updated successfully')).toBeInTheDocument();
  });

  it("shows the server's message when the update fails", async () => {
    openRestaurant(() =>
      jsonResponse(400, {
        message: 'Number of tables must be at most 1000',
        errors: [{ path: 'number_of_tables', message: 'Number of tables must be at most 1000' }],
      }),
    );
    renderEdit();
    await screen.findByLabelText('Restaurant name');
    fireEvent.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Number of tables must be at most 1000');
    expect(screen.getByLabelText('Number of tables')).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows 'Error updating restaurant' when the failure has no message", async () => {
    openRestaurant(() => new Response('Bad gateway', { status: 502 }));
    renderEdit();
    await screen.findByLabelText('Restaurant name');
    fireEvent.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Error updating restaurant');
  });

  it('checks the number of tables before saving: a whole number of 0 or more', async () => {
    const { calls } = openRestaurant();
    renderEdit();
    fireEvent.change(await screen.findByLabelText('Number of tables'), { target: { value: '-1' } });
    fireEvent.click(saveButton());
    expect(screen.getByText('Number of tables must be 0 or more')).toBeInTheDocument();
    expect(calls()).toHaveLength(1);
  });

  it.each([401, 403])('logs the owner out when the restaurant lookup answers %i', async (status) => {
    signInOwner();
    sessionStorage.setItem('restaurant_id', '7');
    stubFetch(() => jsonResponse(status, { message: 'Please log in to continue' }));
    renderEdit();
    expect(await screen.findByText('Page /login')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('RestaurantToken')).toBeNull());
    expect(sessionStorage.getItem('user_id')).toBeNull();
    expect(sessionStorage.getItem('restaurant_id')).toBeNull();
  });

  it('only logs other load failures, and offers to try again', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    signInOwner();
    sessionStorage.setItem('restaurant_id', '7');
    const { calls } = stubFetch(() => jsonResponse(404, { message: 'Restaurant not found' }));
    renderEdit();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(consoleError).toHaveBeenCalled();
    expect(screen.queryByText('Restaurant not found')).not.toBeInTheDocument();
    await waitFor(() => expect(calls()).toHaveLength(2));
    expect(localStorage.getItem('RestaurantToken')).toBe('owner-token');
  });

  it('sends an owner without a restaurant to Create Restaurant', async () => {
    signInOwner();
    const { fetchMock } = stubFetch(() => jsonResponse(200, {}));
    renderEdit();
    expect(await screen.findByText('Page /dashboard/create-restaurant')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
