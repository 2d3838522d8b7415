import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { demoMenu, displayMenuFixture } from '@/test/menu-fixtures';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { socketServerForEachTest } from '@/test/socket-server';
import { MenuDisplayPage } from './menu-display-page';

/** docs/decisions/015-stock-and-sold-out.md: an open menu hears which dishes sell out or come back, without a reload. */

const server = socketServerForEachTest();

const renderMenu = () =>
  renderRoute(MenuDisplayPage, {
    path: '/menu-display',
    url: '/menu-display?token=tok_roma',
    destinations: [],
  });
const dishes = () => screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'));

describe('an open menu, live', () => {
  it('listens without a login once the menu shows, drops a dish that sold out and shows one that came back', async () => {
    // The connection waits for an idle moment; the test's moment is now.
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0));
    const { calls } = stubFetch(() => jsonResponse(200, displayMenuFixture()));
    renderMenu();
    await screen.findByRole('article', { name: 'Margherita Pizza' });

    await waitFor(() => expect(server().connectedCount()).toBe(1));
    expect(server().handshakes).toEqual([
      { token: undefined, restaurantId: undefined, menu: '7', transport: 'websocket' },
    ]);
    // Connected, it asks for the menu again: a change before it joined is not missed.
    await waitFor(() => expect(calls()).toHaveLength(2));

    server().emit('menu_item_sold_out', { menu_id: 2, sold_out: true });
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Margherita Pizza' })).not.toBeInTheDocument(),
    );
    expect(dishes()).toEqual(['Garlic Knots', 'Tiramisu', 'Truffle Fries']);

    server().emit('menu_item_sold_out', { menu_id: 2, sold_out: false, item: demoMenu[1] });
    expect(await screen.findByRole('article', { name: 'Margherita Pizza' })).toBeInTheDocument();
    // Only the page's own fetches: the changes came with the events.
    expect(calls()).toHaveLength(2);
  });

  it('closes a dish’s option sheet when the dish sells out meanwhile (ADR 017)', async () => {
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0));
    const size = {
      id: 1,
      name: 'Size',
      min_choices: 1,
      max_choices: 1,
      options: [{ id: 11, name: 'Large', price_delta: 1 }],
    };
    const pizza = { ...demoMenu[1]!, option_groups: [size] };
    stubFetch(() => jsonResponse(200, displayMenuFixture({ menu: [demoMenu[0]!, pizza] })));
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Margherita Pizza' }));
    expect(await screen.findByRole('dialog', { name: 'Margherita Pizza' })).toBeInTheDocument();
    await waitFor(() => expect(server().connectedCount()).toBe(1));

    server().emit('menu_item_sold_out', { menu_id: 2, sold_out: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem('currentCart')).toBeNull();
  });

  it('closes its connection when the diner leaves the menu', async () => {
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0));
    stubFetch(() => jsonResponse(200, displayMenuFixture()));
    const { unmount } = renderMenu();
    await screen.findByRole('article', { name: 'Margherita Pizza' });
    await waitFor(() => expect(server().connectedCount()).toBe(1));
    unmount();
    await waitFor(() => expect(server().connectedCount()).toBe(0));
  });
});
