import type { MenuItem } from '@tableserve/contract/menu';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer, toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localKeys, sessionKeys } from '@/lib/storage';
import { menuItemFixture } from '@/test/menu-fixtures';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { socketServerForEachTest } from '@/test/socket-server';
import { KitchenPage } from './kitchen-page';

/** docs/decisions/015-stock-and-sold-out.md: the kitchen's one tap that sells a dish out, or brings it back. */

const RESTAURANT_ID = 7;
const MENU_URL = `/api/v1/menu/get-menu-items/${RESTAURANT_ID}`;
const server = socketServerForEachTest();

beforeEach(() => {
  localStorage.setItem(localKeys.restaurantToken, 'owner-token');
  sessionStorage.setItem(sessionKeys.userId, '1');
  sessionStorage.setItem(sessionKeys.restaurantId, String(RESTAURANT_ID));
  render(<ToastContainer autoClose={false} />);
});
afterEach(() => {
  toast.dismiss();
});

/** The menu and the kitchen's calls over an in-memory list, as the API answers them. */
function fakeServer(items: MenuItem[], refuse?: { status: number; message: string }) {
  let menu = [...items];
  const stub = stubFetch((call) => {
    if (call.url.endsWith('/orders') && call.method === 'GET') return jsonResponse(200, { orders: [] });
    if (call.url === MENU_URL) return jsonResponse(200, { data: menu });
    const tap = call.url.match(/\/api\/v1\/menu\/sold-out\/(\d+)$/);
    if (tap && call.method === 'POST') {
      if (refuse) return jsonResponse(refuse.status, { message: refuse.message });
      const { sold_out } = call.body as { sold_out: boolean };
      menu = menu.map((item) =>
        item.menu_id === Number(tap[1])
          ? { ...item, stock: sold_out ? 0 : item.stock === 0 ? null : item.stock }
          : item,
      );
      const item = menu.find((listed) => listed.menu_id === Number(tap[1]))!;
      return jsonResponse(200, { message: `${item.item_name} is sold out`, data: item });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
  return {
    ...stub,
    sell: (menuId: number) =>
      (menu = menu.map((item) => (item.menu_id === menuId ? { ...item, stock: 0 } : item))),
  };
}

const dishes = [
  menuItemFixture({ menu_id: 1, item_name: 'Tiramisu', stock: null }),
  menuItemFixture({ menu_id: 2, item_name: 'Lasagne', stock: 3 }),
  menuItemFixture({ menu_id: 3, item_name: 'Burrata', stock: 0 }),
  menuItemFixture({ menu_id: 4, item_name: 'Old special', available: false, stock: null }),
];

const renderKitchen = () =>
  renderRoute(KitchenPage, { path: '/dashboard/kitchen-management', destinations: ['/login'] });

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  const button = await screen.findByRole('button', { name: /^Sold out/ });
  await waitFor(() => expect(button).toHaveTextContent('Sold out1'));
  await user.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  return screen.getByRole('region', { name: "What's sold out" });
}

describe("the kitchen's Sold out panel", () => {
  it('lists the dishes on the menu by name with their state, and counts those sold out', async () => {
    fakeServer(dishes);
    renderKitchen();
    const panel = await openPanel(userEvent.setup());
    expect(within(panel).getByRole('switch', { name: 'Burrata' })).toBeChecked();
    expect(within(panel).getByRole('switch', { name: 'Burrata' })).toHaveAccessibleDescription('Sold out');
    expect(within(panel).getByRole('switch', { name: 'Lasagne' })).not.toBeChecked();
    expect(within(panel).getByRole('switch', { name: 'Lasagne' })).toHaveAccessibleDescription('3 left');
    expect(within(panel).getByRole('switch', { name: 'Tiramisu' })).toHaveAccessibleDescription(
      'On the menu',
    );
    // What the owner switched off is not the kitchen's to sell out.
    expect(within(panel).queryByRole('switch', { name: 'Old special' })).not.toBeInTheDocument();
    const names = within(panel)
      .getAllByRole('switch')
      .map((control) => document.getElementById(control.getAttribute('aria-labelledby')!)?.textContent);
    expect(names).toEqual(['Burrata', 'Lasagne', 'Tiramisu']);
  });

  it('sells a dish out with one tap and brings another back with one more', async () => {
    const { calls } = fakeServer(dishes);
    renderKitchen();
    const user = userEvent.setup();
    const panel = await openPanel(user);

    await user.click(within(panel).getByRole('switch', { name: 'Tiramisu' }));
    await waitFor(() => expect(within(panel).getByRole('switch', { name: 'Tiramisu' })).toBeChecked());
    expect(calls().filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({
        url: '/api/v1/menu/sold-out/1',
        body: { restaurant_id: RESTAURANT_ID, sold_out: true },
        headers: expect.objectContaining({ Authorization: 'Bearer owner-token' }),
      }),
    ]);
    expect(screen.getByRole('button', { name: /^Sold out/ })).toHaveTextContent('Sold out2');

    await user.click(within(panel).getByRole('switch', { name: 'Burrata' }));
    await waitFor(() => expect(within(panel).getByRole('switch', { name: 'Burrata' })).not.toBeChecked());
    expect(calls().filter((call) => call.method === 'POST')[1]).toMatchObject({
      url: '/api/v1/menu/sold-out/3',
      body: { restaurant_id: RESTAURANT_ID, sold_out: false },
    });
    expect(within(panel).getByRole('switch', { name: 'Burrata' })).toHaveAccessibleDescription('On the menu');
  });

  it("follows a dish an order sold out, heard live on the staff's connection", async () => {
    const fake = fakeServer(dishes);
    renderKitchen();
    const panel = await openPanel(userEvent.setup());
    await waitFor(() => expect(server().connectedCount()).toBe(1));
    fake.sell(2);
    server().emit('menu_item_sold_out', { menu_id: 2, sold_out: true });
    await waitFor(() => expect(within(panel).getByRole('switch', { name: 'Lasagne' })).toBeChecked());
  });

  it('says why when the server refuses, and leaves the dish as it was', async () => {
    fakeServer(dishes, { status: 404, message: 'Menu item not found' });
    renderKitchen();
    const user = userEvent.setup();
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole('switch', { name: 'Lasagne' }));
    expect(await screen.findByText('Menu item not found')).toBeInTheDocument();
    expect(within(panel).getByRole('switch', { name: 'Lasagne' })).not.toBeChecked();
  });

  it('closes from its own Close button, which a phone needs when its sheet covers the Sold out button', async () => {
    fakeServer(dishes);
    const user = userEvent.setup();
    renderKitchen();
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: "What's sold out" })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Sold out/ })).toHaveAttribute('aria-expanded', 'false');
  });
});
