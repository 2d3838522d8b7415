import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchRestaurantsResponse } from '../api/search-restaurants';
import { RestaurantSearch } from './restaurant-search';

const casaPaprika = {
  restaurant_id: 7,
  restaurant_name: 'Casa Paprika',
  restaurant_type: 'Mediterranean',
  city: 'Austin',
  state: 'TX',
  token: 'tok_casa-paprika',
};

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function searchAnswer(restaurants: SearchRestaurantsResponse['restaurants']): SearchRestaurantsResponse {
  return { restaurants, pagination: { page: 1, per_page: 20, total: restaurants.length, total_pages: 1 } };
}

/** Longer than the search's debounce, so a search that was going to start has started. */
const afterDebounce = () => new Promise((resolve) => setTimeout(resolve, 450));

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => jsonResponse(searchAnswer([casaPaprika])));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderSearch() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <RestaurantSearch />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('RestaurantSearch', () => {
  it('does not search for one or two characters, and shows a hint instead', async () => {
    const user = userEvent.setup();
    renderSearch();
    const input = screen.getByLabelText('Search restaurants');

    await user.type(input, 'c');
    await afterDebounce();
    await user.type(input, 'a');
    await afterDebounce();

    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText('Type at least 3 characters to search.')).toBeInTheDocument();
  });

  it('does not count surrounding spaces towards the three characters', async () => {
    const user = userEvent.setup();
    renderSearch();

    await user.type(screen.getByLabelText('Search restaurants'), '  ca  ');
    await afterDebounce();

    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('searches once the query has three characters, once per pause in typing', async () => {
    const user = userEvent.setup();
    renderSearch();

    await user.type(screen.getByLabelText('Search restaurants'), 'casa');

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url] = fetchMock.mock.calls[0] as [string];
    expect(url).toBe('/api/v1/restaurant/search-restaurants?query=casa');
  });

  it("links each result to the restaurant's menu by its token", async () => {
    const user = userEvent.setup();
    renderSearch();

    await user.type(screen.getByLabelText('Search restaurants'), 'paprika');

    const results = await screen.findByRole('list', { name: 'Search results' });
    const link = within(results).getByRole('link', { name: /Casa Paprika/ });
    expect(link).toHaveAttribute('href', '/menu-display?token=tok_casa-paprika');
    expect(link).toHaveTextContent('Austin, TX');
    expect(screen.getByText('1 restaurant found')).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(searchAnswer([])));
    const user = userEvent.setup();
    renderSearch();

    await user.type(screen.getByLabelText('Search restaurants'), 'zzz');

    expect(await screen.findByText('No restaurants found')).toBeInTheDocument();
  });

  it('shows an error with a retry when the search fails', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ message: 'Server error' }, 500));
    const user = userEvent.setup();
    renderSearch();

    await user.type(screen.getByLabelText('Search restaurants'), 'casa');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't search restaurants right now. Please try again.",
    );
    fetchMock.mockImplementation(async () => jsonResponse(searchAnswer([casaPaprika])));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Casa Paprika/ })).toBeInTheDocument();
  });

  it('fills the box from a suggestion', async () => {
    const user = userEvent.setup();
    renderSearch();

    await user.click(screen.getByRole('button', { name: 'Pizza' }));

    expect(screen.getByLabelText('Search restaurants')).toHaveValue('Pizza');
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/v1/restaurant/search-restaurants?query=Pizza',
        expect.anything(),
      ),
    );
  });
});
