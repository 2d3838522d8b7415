import { type MenuItem, type MenuItemBody, menuMessages, uploadMessages } from '@tableserve/contract/menu';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { menuSetupKey } from '@/lib/storage';
import {
  menuItem,
  RESTAURANT_ID,
  renderToasts,
  signInRestaurantOwner,
  stubObjectUrls,
} from '@/test/menu-item-fixtures';
import { deferred, jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { MenuManagementPage } from './menu-management-page';

const SIGNED_URL = 'https://cdn.example.com/uploads/42-abc.png?expires=1700000000&signature=xyz';
const IMAGE_URL = 'https://cdn.example.com/uploads/42-abc.png';

beforeEach(() => {
  stubObjectUrls();
  renderToasts();
});

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type FakeServerOptions = {
  items?: MenuItem[];
  /** Overrides one answer; return undefined to let the fake menu answer. */
  answer?: (call: { url: string; method: string; body: unknown }) => Response | Promise<Response> | undefined;
};

/**
 * What the server stores of a body: the item, its option groups with ids of their own; groups
 * and count kept as they were when the body leaves them out.
 */
function stored(body: MenuItemBody, previous: MenuItem | undefined, menuId: number): MenuItem {
  let nextOptionId = menuId * 100;
  const option_groups = body.option_groups
    ? body.option_groups.map((group) => ({
        ...group,
        id: nextOptionId++,
        options: group.options.map((option) => ({ ...option, id: nextOptionId++ })),
      }))
    : (previous?.option_groups ?? []);
  return { ...previous, ...(body as MenuItem), menu_id: menuId, option_groups };
}

/** The menu API as the server behaves, over an in-memory list. */
function fakeMenuServer({ items = [], answer }: FakeServerOptions = {}) {
  let menu = [...items];
  let nextId = 100;
  return stubFetch(async (call) => {
    const override = await answer?.(call);
    if (override) return override;
    if (call.url === `/api/v1/menu/get-menu-items/${RESTAURANT_ID}`) return jsonResponse(200, { data: menu });
    if (call.url === '/api/v1/menu/generate-signed-url')
      return jsonResponse(200, { signed_url: SIGNED_URL, image_url: IMAGE_URL });
    if (call.url === SIGNED_URL)
      return jsonResponse(200, { message: 'Image uploaded', image_url: IMAGE_URL });
    if (call.url === '/api/v1/menu/add-menu-item') {
      const item = stored(call.body as MenuItemBody, undefined, nextId++);
      menu = [...menu, item];
      return jsonResponse(201, { message: 'Menu item created', data: item });
    }
    const update = call.url.match(/\/menu\/update-menu-item\/(\d+)$/);
    if (update) {
      const id = Number(update[1]);
      menu = menu.map((item) => (item.menu_id === id ? stored(call.body as MenuItemBody, item, id) : item));
      return jsonResponse(200, {
        message: 'Menu item updated',
        data: menu.find((item) => item.menu_id === id),
      });
    }
    const remove = call.url.match(/\/menu\/delete-menu-item\/(\d+)$/);
    if (remove) {
      menu = menu.filter((item) => item.menu_id !== Number(remove[1]));
      return jsonResponse(200, { message: 'Menu item deleted' });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

const renderPage = (state?: unknown) => {
  const result = renderRoute(MenuManagementPage, {
    path: '/dashboard/menu-management',
    destinations: ['/dashboard/generate-qr-code', '/dashboard/create-restaurant'],
  });
  if (state !== undefined) void result.router.navigate('/dashboard/menu-management', { state });
  return result;
};

const submitButton = () => screen.getByRole('button', { name: /^(Add item|Update item|Saving…)$/ });
const field = (label: RegExp) => screen.getByLabelText(label);

async function fillForm(
  user: ReturnType<typeof userEvent.setup>,
  values: { name?: string; description?: string; price?: string; category?: string } = {},
) {
  await user.type(field(/^Item name/), values.name ?? 'Tiramisu');
  await user.type(field(/^Description/), values.description ?? 'Mascarpone, espresso, cocoa');
  await user.type(field(/^Price/), values.price ?? '6.75');
  await user.selectOptions(field(/^Category/), values.category ?? 'Dessert');
}

const callsTo = (calls: () => Array<{ url: string; method: string; body: unknown }>, part: string) =>
  calls().filter((call) => call.url.includes(part));

describe('Menu Management: the item grid', () => {
  it('shows each item with its photo or a placeholder, name, category label, price, description and availability', async () => {
    signInRestaurantOwner();
    const { calls } = fakeMenuServer({
      items: [
        menuItem({ image: IMAGE_URL }),
        menuItem({
          menu_id: 2,
          item_name: 'Lemonade',
          description: 'Fresh lemons',
          price: 3,
          category: 'TodaysSpecial',
          available: false,
        }),
      ],
    });
    renderPage();

    const pizza = await screen.findByRole('article', { name: 'Margherita' });
    expect(within(pizza).getByText('Main Course')).toBeInTheDocument();
    expect(within(pizza).getByText('$12.50')).toBeInTheDocument();
    expect(within(pizza).getByText('Tomato, mozzarella and basil on a thin crust')).toBeInTheDocument();
    expect(within(pizza).getByText('Available')).toBeInTheDocument();
    expect(pizza.querySelector('img')).toHaveAttribute('src', IMAGE_URL);
    expect(within(pizza).getByRole('button', { name: 'Edit Margherita' })).toBeInTheDocument();
    expect(within(pizza).getByRole('button', { name: 'Delete Margherita' })).toBeInTheDocument();

    const lemonade = screen.getByRole('article', { name: 'Lemonade' });
    expect(within(lemonade).getByText("Today's Special")).toBeInTheDocument();
    expect(within(lemonade).getByText('$3.00')).toBeInTheDocument();
    expect(within(lemonade).getByText('Unavailable')).toBeInTheDocument();
    expect(within(lemonade).getByText('No photo')).toBeInTheDocument();

    expect(calls()[0]).toMatchObject({
      url: `/api/v1/menu/get-menu-items/${RESTAURANT_ID}`,
      headers: expect.objectContaining({ Authorization: 'Bearer owner-token' }),
    });
  });

  it('narrows the grid by category', async () => {
    signInRestaurantOwner();
    fakeMenuServer({
      items: [menuItem(), menuItem({ menu_id: 2, item_name: 'Lemonade', category: 'Beverage' })],
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Beverage/ }));
    expect(screen.getByRole('article', { name: 'Lemonade' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Margherita' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^All/ }));
    expect(screen.getByRole('article', { name: 'Margherita' })).toBeInTheDocument();
  });

  it('reads the restaurant id from navigation state when the session has none yet', async () => {
    signInRestaurantOwner();
    sessionStorage.removeItem('restaurant_id');
    const { calls } = fakeMenuServer({ items: [menuItem()] });
    renderPage({ restaurant_id: RESTAURANT_ID });
    expect(await screen.findByRole('article', { name: 'Margherita' })).toBeInTheDocument();
    expect(calls()[0]?.url).toBe(`/api/v1/menu/get-menu-items/${RESTAURANT_ID}`);
  });

  it('asks for a restaurant first when there is none', async () => {
    signInRestaurantOwner();
    sessionStorage.removeItem('restaurant_id');
    const { fetchMock } = fakeMenuServer();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Create your restaurant first' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('Menu Management: the form rules', () => {
  it('looks ready only once name, description, price and category are valid', async () => {
    signInRestaurantOwner();
    fakeMenuServer();
    renderPage();
    const user = userEvent.setup();
    expect(submitButton()).toHaveAttribute('data-ready', 'false');
    await user.type(field(/^Item name/), 'Tiramisu');
    expect(submitButton()).toHaveAttribute('data-ready', 'false');
    await user.type(field(/^Description/), 'Mascarpone');
    expect(submitButton()).toHaveAttribute('data-ready', 'false');
    await user.type(field(/^Price/), '6');
    expect(submitButton()).toHaveAttribute('data-ready', 'false');
    await user.selectOptions(field(/^Category/), 'Dessert');
    expect(submitButton()).toHaveAttribute('data-ready', 'true');
  });

  it('offers the five categories with their labels, and Available on by default', () => {
    signInRestaurantOwner();
    fakeMenuServer();
    renderPage();
    const options = within(field(/^Category/))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'Choose a category',
      'Starter',
      'Main Course',
      'Dessert',
      'Beverage',
      "Today's Special",
    ]);
    expect(screen.getByRole('switch', { name: /Available/ })).toBeChecked();
  });

  it('counts the name up to 50 characters and refuses a 51st', async () => {
    signInRestaurantOwner();
    fakeMenuServer();
    renderPage();
    const user = userEvent.setup();
    await fillForm(user, { name: 'a'.repeat(50) });
    expect(screen.getByText('50/50')).toBeInTheDocument();
    expect(submitButton()).toHaveAttribute('data-ready', 'true');
    await user.type(field(/^Item name/), 'b');
    expect(screen.getByText('51/50')).toBeInTheDocument();
    expect(submitButton()).toHaveAttribute('data-ready', 'false');
    await user.tab();
    expect(screen.getByText('Item name must be at most 50 characters')).toBeInTheDocument();
  });

  it('refuses a description of 201 characters', async () => {
    signInRestaurantOwner();
    fakeMenuServer();
    renderPage();
    const user = userEvent.setup();
    await fillForm(user);
    fireEvent.change(field(/^Description/), { target: { value: 'd'.repeat(201) } });
    expect(screen.getByText('201/200')).toBeInTheDocument();
    expect(submitButton()).toHaveAttribute('data-ready', 'false');
    fireEvent.change(field(/^Description/), { target: { value: 'd'.repeat(200) } });
    expect(submitButton()).toHaveAttribute('data-ready', 'true');
  });

  it('ignores a minus sign typed into the price', async () => {
    signInRestaurantOwner();
    fakeMenuServer();
    renderPage();
    const user = userEvent.setup();
    const price = field(/^Price/);
    await user.type(price, '-');
    expect(price).toHaveValue('');
    await user.type(price, '12-');
    expect(price).toHaveValue('12');
  });

  it('refuses a price with 3 decimals', async () => {
    signInRestaurantOwner();
    fakeMenuServer();
    renderPage();
    const user = userEvent.setup();
    await fillForm(user, { price: '4.125' });
    expect(submitButton()).toHaveAttribute('data-ready', 'false');
    await user.tab();
    expect(screen.getByText('Price can have at most 2 decimals')).toBeInTheDocument();
  });

  it('sends nothing and shows what is missing when submitted incomplete', async () => {
    signInRestaurantOwner();
    const { calls } = fakeMenuServer();
    renderPage();
    const user = userEvent.setup();
    await user.click(submitButton());
    expect(screen.getByText('Item name is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('Price is required')).toBeInTheDocument();
    expect(screen.getByText('Category is required')).toBeInTheDocument();
    expect(callsTo(calls, '/add-menu-item')).toHaveLength(0);
  });

  it('rejects a file that is not an image', async () => {
    signInRestaurantOwner();
    const { calls } = fakeMenuServer();
    renderPage();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(field(/^Photo/), new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' }));
    expect(screen.getByText(uploadMessages.notAnImage)).toBeInTheDocument();
    expect(screen.queryByAltText('Chosen for this item')).not.toBeInTheDocument();
    await fillForm(user);
    await user.click(submitButton());
    await screen.findByText(menuMessages.added);
    expect(callsTo(calls, '/generate-signed-url')).toHaveLength(0);
  });
});

describe('Menu Management: saving', () => {
  it('uploads the photo through a signed URL and adds the item with the URL without its query', async () => {
    signInRestaurantOwner();
    const { calls, fetchMock } = fakeMenuServer();
    renderPage();
    const user = userEvent.setup();
    const photo = new File(['png-bytes'], 'tiramisu.png', { type: 'image/png' });
    await user.upload(field(/^Photo/), photo);
    expect(screen.getByAltText('Chosen for this item')).toHaveAttribute('src', 'blob:test/1');
    await fillForm(user);
    await user.click(screen.getByRole('switch', { name: /Available/ }));
    await user.click(submitButton());

    expect(await screen.findByText(menuMessages.added)).toBeInTheDocument();
    expect(callsTo(calls, '/generate-signed-url')[0]).toMatchObject({
      method: 'POST',
      body: { file_name: 'tiramisu.png', content_type: 'image/png' },
      headers: expect.objectContaining({ Authorization: 'Bearer owner-token' }),
    });
    const put = fetchMock.mock.calls.find(([url]) => url === SIGNED_URL);
    expect(put?.[1]).toEqual({
      method: 'PUT',
      body: photo,
      headers: { 'Content-Type': 'image/png', 'x-amz-acl': 'public-read', 'If-None-Match': '*' },
    });
    expect(callsTo(calls, '/add-menu-item')[0]).toMatchObject({
      method: 'POST',
      body: {
        item_name: 'Tiramisu',
        description: 'Mascarpone, espresso, cocoa',
        price: 6.75,
        category: 'Dessert',
        image: IMAGE_URL,
        available: false,
        restaurant_id: RESTAURANT_ID,
      },
      headers: expect.objectContaining({ Authorization: 'Bearer owner-token' }),
    });
    // The list is read again and the form starts over.
    expect(await screen.findByRole('article', { name: 'Tiramisu' })).toBeInTheDocument();
    expect(callsTo(calls, '/get-menu-items/')).toHaveLength(2);
    expect(field(/^Item name/)).toHaveValue('');
  });

  it.each([
    ['the signed URL is refused', '/generate-signed-url'],
    ['the PUT fails', SIGNED_URL],
  ])("says 'Image upload failed' and saves nothing when %s", async (_case, failing) => {
    signInRestaurantOwner();
    const { calls } = fakeMenuServer({
      answer: (call) => (call.url.includes(failing) ? jsonResponse(403, { message: 'No' }) : undefined),
    });
    renderPage();
    const user = userEvent.setup();
    await user.upload(field(/^Photo/), new File(['png'], 'dish.png', { type: 'image/png' }));
    await fillForm(user);
    await user.click(submitButton());
    expect(await screen.findByText(uploadMessages.failed)).toBeInTheDocument();
    expect(callsTo(calls, '/add-menu-item')).toHaveLength(0);
    // The form keeps what was typed, to try again.
    expect(field(/^Item name/)).toHaveValue('Tiramisu');
  });

  it("says 'Error adding/updating menu item' when adding fails", async () => {
    signInRestaurantOwner();
    fakeMenuServer({
      answer: (call) =>
        call.url.includes('/add-menu-item') ? jsonResponse(500, { message: 'Boom' }) : undefined,
    });
    renderPage();
    const user = userEvent.setup();
    await fillForm(user);
    await user.click(submitButton());
    expect(await screen.findByText(menuMessages.saveFailed)).toBeInTheDocument();
  });

  it('blocks a second submission while one is in progress', async () => {
    signInRestaurantOwner();
    const held = deferred<Response>();
    const { calls } = fakeMenuServer({
      answer: (call) => (call.url.includes('/add-menu-item') ? held.promise : undefined),
    });
    renderPage();
    const user = userEvent.setup();
    await fillForm(user);
    await user.click(submitButton());
    const busy = screen.getByRole('button', { name: /Saving…/ });
    expect(busy).toBeDisabled();
    fireEvent.submit(busy.closest('form')!);
    expect(callsTo(calls, '/add-menu-item')).toHaveLength(1);
    held.resolve(jsonResponse(201, { message: 'ok', data: menuItem({ menu_id: 9 }) }));
    expect(await screen.findByText(menuMessages.added)).toBeInTheDocument();
  });

  it('edits an item: fills the form, updates it, and can cancel', async () => {
    signInRestaurantOwner();
    const { calls } = fakeMenuServer({ items: [menuItem({ image: IMAGE_URL })] });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Margherita' }));

    expect(field(/^Item name/)).toHaveValue('Margherita');
    expect(field(/^Description/)).toHaveValue('Tomato, mozzarella and basil on a thin crust');
    expect(field(/^Price/)).toHaveValue('12.5');
    expect(field(/^Category/)).toHaveValue('MainCourse');
    expect(screen.getByRole('button', { name: 'Update item' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel edit' }));
    expect(field(/^Item name/)).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Add item' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Margherita' }));
    await user.clear(field(/^Price/));
    await user.type(field(/^Price/), '13');
    await user.click(screen.getByRole('button', { name: 'Update item' }));

    expect(await screen.findByText(menuMessages.updated)).toBeInTheDocument();
    expect(callsTo(calls, '/update-menu-item/')[0]).toMatchObject({
      url: '/api/v1/menu/update-menu-item/1',
      method: 'POST',
      body: {
        item_name: 'Margherita',
        description: 'Tomato, mozzarella and basil on a thin crust',
        price: 13,
        category: 'MainCourse',
        image: IMAGE_URL,
        available: true,
        restaurant_id: RESTAURANT_ID,
      },
    });
    expect(callsTo(calls, '/generate-signed-url')).toHaveLength(0);
    expect(await screen.findByText('$13.00')).toBeInTheDocument();
  });

  it("says 'Error adding/updating menu item' when updating fails", async () => {
    signInRestaurantOwner();
    fakeMenuServer({
      items: [menuItem()],
      answer: (call) => (call.url.includes('/update-menu-item/') ? jsonResponse(404, {}) : undefined),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Margherita' }));
    await user.click(screen.getByRole('button', { name: 'Update item' }));
    expect(await screen.findByText(menuMessages.saveFailed)).toBeInTheDocument();
  });
});

describe('Menu Management: deleting', () => {
  it('deletes after the confirmation is accepted', async () => {
    signInRestaurantOwner();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { calls } = fakeMenuServer({ items: [menuItem()] });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Margherita' }));
    expect(confirm).toHaveBeenCalledWith(menuMessages.confirmDelete);
    expect(await screen.findByText(menuMessages.deleted)).toBeInTheDocument();
    expect(callsTo(calls, '/delete-menu-item/')[0]).toMatchObject({
      url: '/api/v1/menu/delete-menu-item/1',
      method: 'DELETE',
    });
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Margherita' })).not.toBeInTheDocument(),
    );
  });

  it('keeps the item when the confirmation is dismissed', async () => {
    signInRestaurantOwner();
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { calls } = fakeMenuServer({ items: [menuItem()] });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Margherita' }));
    expect(callsTo(calls, '/delete-menu-item/')).toHaveLength(0);
    expect(screen.getByRole('article', { name: 'Margherita' })).toBeInTheDocument();
  });

  it("says 'Error deleting menu item' when deleting fails", async () => {
    signInRestaurantOwner();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    fakeMenuServer({
      items: [menuItem()],
      answer: (call) => (call.method === 'DELETE' ? jsonResponse(500, {}) : undefined),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Margherita' }));
    expect(await screen.findByText(menuMessages.deleteFailed)).toBeInTheDocument();
  });
});

describe('Menu Management: the setup flow', () => {
  const progress = () => screen.queryByRole('progressbar', { name: 'Setup progress' });

  it('shows step 2 while the flag is pending and the menu is empty', async () => {
    signInRestaurantOwner();
    localStorage.setItem(menuSetupKey(RESTAURANT_ID), 'pending');
    fakeMenuServer();
    renderPage();
    await waitFor(() => expect(progress()).toHaveAttribute('aria-valuenow', '2'));
    expect(screen.queryByRole('button', { name: 'Complete Setup' })).not.toBeInTheDocument();
  });

  it('shows step 3 once items exist, without Complete Setup until an item is added on this visit', async () => {
    signInRestaurantOwner();
    localStorage.setItem(menuSetupKey(RESTAURANT_ID), 'pending');
    fakeMenuServer({ items: [menuItem()] });
    renderPage();
    await waitFor(() => expect(progress()).toHaveAttribute('aria-valuenow', '3'));
    expect(screen.queryByRole('button', { name: 'Complete Setup' })).not.toBeInTheDocument();
  });

  it('offers Complete Setup after the first add; it marks setup completed and reloads', async () => {
    signInRestaurantOwner();
    localStorage.setItem(menuSetupKey(RESTAURANT_ID), 'pending');
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    fakeMenuServer();
    renderPage();
    const user = userEvent.setup();
    await fillForm(user);
    await user.click(submitButton());
    const complete = await screen.findByRole('button', { name: 'Complete Setup' });
    expect(progress()).toHaveAttribute('aria-valuenow', '3');
    await user.click(complete);
    expect(localStorage.getItem(menuSetupKey(RESTAURANT_ID))).toBe('completed');
    expect(reload).toHaveBeenCalledOnce();
  });

  it.each([
    ['completed', 'completed'],
    ['absent', null],
  ])('shows no step indicator when the flag is %s', async (_case, flag) => {
    signInRestaurantOwner();
    if (flag) localStorage.setItem(menuSetupKey(RESTAURANT_ID), flag);
    fakeMenuServer();
    renderPage();
    expect(await screen.findByText('No menu items yet')).toBeInTheDocument();
    expect(progress()).not.toBeInTheDocument();
  });
});

describe('Menu Management: allergens and dietary tags (docs/decisions/012-allergens-and-dietary-tags.md)', () => {
  const group = (name: string) => within(screen.getByRole('group', { name }));
  const checkedIn = (name: string) =>
    group(name)
      .getAllByRole('checkbox')
      .filter((box) => (box as HTMLInputElement).checked)
      .map((box) => box.closest('label')?.textContent);

  it('offers the 14 allergens and 4 dietary tags as named checkboxes, and sends the ticked ones', async () => {
    signInRestaurantOwner();
    const { calls } = fakeMenuServer();
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Add item' });

    const allergens = group('Allergens');
    expect(allergens.getAllByRole('checkbox')).toHaveLength(14);
    for (const name of [
      'Celery',
      'Cereals containing gluten',
      'Tree nuts',
      'Peanuts',
      'Sulphur dioxide / sulphites',
    ])
      expect(allergens.getByRole('checkbox', { name })).not.toBeChecked();
    const dietary = group('Dietary');
    expect(dietary.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([
      'Vegetarian',
      'Vegan',
      'Gluten-free',
      'Spicy',
    ]);

    await fillForm(user);
    // Ticked out of order: sent in the list's own order.
    await user.click(allergens.getByRole('checkbox', { name: 'Milk' }));
    await user.click(allergens.getByRole('checkbox', { name: 'Eggs' }));
    await user.click(allergens.getByRole('checkbox', { name: 'Peanuts' }));
    await user.click(allergens.getByRole('checkbox', { name: 'Peanuts' }));
    await user.click(dietary.getByRole('checkbox', { name: 'Vegetarian' }));
    await user.click(submitButton());

    expect(await screen.findByText(menuMessages.added)).toBeInTheDocument();
    expect(callsTo(calls, '/add-menu-item')[0]!.body).toMatchObject({
      item_name: 'Tiramisu',
      allergens: ['eggs', 'milk'],
      dietary_tags: ['vegetarian'],
    });
    const card = within(await screen.findByRole('article', { name: 'Tiramisu' }));
    expect(card.getByText('Vegetarian')).toBeInTheDocument();
    expect(card.getByText('eggs, milk', { exact: false }).textContent).toBe('Contains: eggs, milk');
  });

  it('ticks an item’s own when editing, and can clear them', async () => {
    signInRestaurantOwner();
    const { calls } = fakeMenuServer({
      items: [menuItem({ allergens: ['gluten', 'milk'], dietary_tags: ['vegetarian', 'spicy'] })],
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Margherita' }));
    expect(checkedIn('Allergens')).toEqual(['Cereals containing gluten', 'Milk']);
    expect(checkedIn('Dietary')).toEqual(['Vegetarian', 'Spicy']);

    await user.click(group('Allergens').getByRole('checkbox', { name: 'Milk' }));
    await user.click(group('Allergens').getByRole('checkbox', { name: 'Cereals containing gluten' }));
    await user.click(group('Dietary').getByRole('checkbox', { name: 'Spicy' }));
    await user.click(screen.getByRole('button', { name: 'Update item' }));
    expect(await screen.findByText(menuMessages.updated)).toBeInTheDocument();
    expect(callsTo(calls, '/update-menu-item/')[0]!.body).toMatchObject({
      allergens: [],
      dietary_tags: ['vegetarian'],
    });
  });

  it('refuses a tag the allergens contradict, in the server’s words, before sending', async () => {
    signInRestaurantOwner();
    const { calls } = fakeMenuServer();
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Add item' });
    await fillForm(user);
    await user.click(group('Allergens').getByRole('checkbox', { name: 'Milk' }));
    await user.click(group('Dietary').getByRole('checkbox', { name: 'Vegan' }));

    expect(screen.getByRole('alert')).toHaveTextContent('An item marked Vegan cannot contain milk');
    expect(screen.getByRole('group', { name: 'Dietary' })).toHaveAccessibleDescription(
      'An item marked Vegan cannot contain milk',
    );
    expect(submitButton()).toHaveAttribute('data-ready', 'false');
    await user.click(submitButton());
    expect(callsTo(calls, '/add-menu-item')).toHaveLength(0);

    await user.click(group('Allergens').getByRole('checkbox', { name: 'Milk' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(submitButton()).toHaveAttribute('data-ready', 'true');
  });
});

describe('Menu Management: portions left (docs/decisions/015-stock-and-sold-out.md)', () => {
  it('shows a counted dish’s portions left, and one at 0 as sold out', async () => {
    signInRestaurantOwner();
    fakeMenuServer({
      items: [
        menuItem({ menu_id: 1, item_name: 'Lasagne', stock: 3 }),
        menuItem({ menu_id: 2, item_name: 'Burrata', stock: 0 }),
        menuItem({ menu_id: 3, item_name: 'Tiramisu', stock: null }),
      ],
    });
    renderPage();
    const card = async (name: string) => within(await screen.findByRole('article', { name }));
    expect((await card('Lasagne')).getByText('3 left')).toBeInTheDocument();
    expect((await card('Lasagne')).getByText('Available')).toBeInTheDocument();
    expect((await card('Burrata')).getByText('Sold out')).toBeInTheDocument();
    expect((await card('Tiramisu')).queryByText(/left$/)).not.toBeInTheDocument();
  });

  it('adds a dish with a count, and edits it without sending the count it was opened with', async () => {
    signInRestaurantOwner();
    const { calls } = fakeMenuServer({ items: [menuItem({ menu_id: 1, item_name: 'Lasagne', stock: 3 })] });
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Add item' });
    await fillForm(user);
    const portions = screen.getByRole('textbox', { name: 'Portions left' });
    expect(portions).toHaveAccessibleDescription(
      "Leave empty if you don't count them. Orders take from it; at 0 the dish shows as sold out.",
    );
    await user.type(portions, '-12.5');
    expect(portions).toHaveValue('125');
    await user.click(submitButton());
    expect(await screen.findByText(menuMessages.added)).toBeInTheDocument();
    expect(callsTo(calls, '/add-menu-item')[0]!.body).toMatchObject({ item_name: 'Tiramisu', stock: 125 });

    await user.click(await screen.findByRole('button', { name: 'Edit Lasagne' }));
    expect(screen.getByRole('textbox', { name: 'Portions left' })).toHaveValue('3');
    await user.clear(field(/^Price/));
    await user.type(field(/^Price/), '14');
    await user.click(screen.getByRole('button', { name: 'Update item' }));
    expect(await screen.findByText(menuMessages.updated)).toBeInTheDocument();
    expect(callsTo(calls, '/update-menu-item/')[0]!.body).not.toHaveProperty('stock');
  });
});

describe('Menu Management: item options (docs/decisions/017-item-options.md)', () => {
  const optionGroup = (position: number) =>
    within(screen.getByRole('group', { name: `Option group ${position}` }));

  async function addGroup(
    user: ReturnType<typeof userEvent.setup>,
    position: number,
    group: { name: string; min: string; max: string; options: [string, string][] },
  ) {
    await user.click(screen.getByRole('button', { name: 'Add option group' }));
    const box = optionGroup(position);
    // A new group takes the focus on its name.
    expect(box.getByRole('textbox', { name: 'Group name' })).toHaveFocus();
    await user.type(box.getByRole('textbox', { name: 'Group name' }), group.name);
    await user.clear(box.getByRole('textbox', { name: 'Fewest choices' }));
    await user.type(box.getByRole('textbox', { name: 'Fewest choices' }), group.min);
    await user.clear(box.getByRole('textbox', { name: 'Most choices' }));
    await user.type(box.getByRole('textbox', { name: 'Most choices' }), group.max);
    for (const [index, [name, delta]] of group.options.entries()) {
      if (index > 0) await user.click(box.getByRole('button', { name: `Add option to ${group.name}` }));
      await user.type(box.getAllByRole('textbox', { name: 'Option name' })[index]!, name);
      if (delta) await user.type(box.getAllByRole('textbox', { name: 'Price delta ($)' })[index]!, delta);
    }
  }

  it('adds a dish with two groups, sends them as the contract reads them, and counts them on its card', async () => {
    signInRestaurantOwner();
    const { calls } = fakeMenuServer();
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Add item' });
    expect(screen.getByText('No options: diners add this dish in one tap.')).toBeInTheDocument();
    await fillForm(user, { name: 'Smash Burger', price: '16' });
    await addGroup(user, 1, {
      name: 'Size',
      min: '1',
      max: '1',
      options: [
        ['Regular', ''],
        ['Large', '2'],
      ],
    });
    await addGroup(user, 2, {
      name: 'Extras',
      min: '0',
      max: '2',
      options: [
        ['Bacon', '1.5'],
        ['Fried egg', '1'],
      ],
    });
    expect(optionGroup(1).getByText('Choose 1')).toBeInTheDocument();
    expect(optionGroup(2).getByText('Optional')).toBeInTheDocument();
    await user.click(submitButton());

    expect(await screen.findByText(menuMessages.added)).toBeInTheDocument();
    expect((callsTo(calls, '/add-menu-item')[0]!.body as { option_groups: unknown }).option_groups).toEqual([
      {
        name: 'Size',
        min_choices: 1,
        max_choices: 1,
        options: [
          { name: 'Regular', price_delta: 0 },
          { name: 'Large', price_delta: 2 },
        ],
      },
      {
        name: 'Extras',
        min_choices: 0,
        max_choices: 2,
        options: [
          { name: 'Bacon', price_delta: 1.5 },
          { name: 'Fried egg', price_delta: 1 },
        ],
      },
    ]);
    const card = await screen.findByRole('article', { name: 'Smash Burger' });
    expect(within(card).getByText('2 option groups')).toBeInTheDocument();
  }, 20_000);

  it('shows the contract’s word by the field, and sends nothing until it is right', async () => {
    signInRestaurantOwner();
    const { calls } = fakeMenuServer();
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Add item' });
    await fillForm(user);
    await addGroup(user, 1, {
      name: 'Size',
      min: '3',
      max: '2',
      options: [
        ['Small', ''],
        ['Large', '2.505'],
      ],
    });
    await user.tab();

    const box = optionGroup(1);
    expect(box.getByRole('textbox', { name: 'Fewest choices' })).toHaveAccessibleDescription(
      'The fewest choices cannot be more than the most',
    );
    expect(box.getAllByRole('textbox', { name: 'Price delta ($)' })[1]).toHaveAccessibleDescription(
      'Price delta can have at most 2 decimals',
    );
    expect(submitButton()).toHaveAttribute('data-ready', 'false');
    await user.click(submitButton());
    expect(callsTo(calls, '/add-menu-item')).toHaveLength(0);

    await user.clear(box.getByRole('textbox', { name: 'Fewest choices' }));
    await user.type(box.getByRole('textbox', { name: 'Fewest choices' }), '1');
    expect(box.getByRole('textbox', { name: 'Fewest choices' })).not.toHaveAccessibleDescription();
    // Removing an option leaves the group allowing more choices than it has.
    await user.click(box.getByRole('button', { name: 'Remove Large' }));
    expect(box.getByRole('textbox', { name: 'Most choices' })).toHaveAccessibleDescription(
      'Size cannot allow more choices than it has options',
    );
    await user.click(box.getByRole('button', { name: 'Remove Small' }));
    expect(box.getByRole('alert')).toHaveTextContent('Add at least one option to the group');
  }, 20_000);

  it('keeps an item’s groups when the form did not change them, and sends the whole list when it did', async () => {
    signInRestaurantOwner();
    const size = {
      id: 5,
      name: 'Size',
      min_choices: 1,
      max_choices: 1,
      options: [
        { id: 51, name: 'Small', price_delta: 0 },
        { id: 52, name: 'Large', price_delta: 2 },
      ],
    };
    const milk = {
      id: 6,
      name: 'Milk',
      min_choices: 0,
      max_choices: 1,
      options: [{ id: 61, name: 'Oat', price_delta: 0.5 }],
    };
    const { calls } = fakeMenuServer({
      items: [menuItem({ item_name: 'Iced Latte', option_groups: [size, milk] })],
    });
    renderPage();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Iced Latte' });
    expect(within(card).getByText('2 option groups')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Edit Iced Latte' }));
    expect(optionGroup(1).getByRole('textbox', { name: 'Group name' })).toHaveValue('Size');
    expect(
      optionGroup(1)
        .getAllByRole('textbox', { name: 'Option name' })
        .map((box) => (box as HTMLInputElement).value),
    ).toEqual(['Small', 'Large']);
    expect(optionGroup(2).getByRole('textbox', { name: 'Price delta ($)' })).toHaveValue('0.50');
    await user.click(screen.getByRole('button', { name: 'Update item' }));
    expect(await screen.findByText(menuMessages.updated)).toBeInTheDocument();
    expect(callsTo(calls, '/update-menu-item/')[0]!.body).not.toHaveProperty('option_groups');

    await user.click(await screen.findByRole('button', { name: 'Edit Iced Latte' }));
    await user.click(optionGroup(2).getByRole('button', { name: 'Move Milk up' }));
    await user.click(optionGroup(2).getByRole('button', { name: 'Move Large up' }));
    await user.click(screen.getByRole('button', { name: 'Update item' }));
    await waitFor(() => expect(callsTo(calls, '/update-menu-item/')).toHaveLength(2));
    expect(
      (callsTo(calls, '/update-menu-item/')[1]!.body as { option_groups: unknown }).option_groups,
    ).toEqual([
      { name: 'Milk', min_choices: 0, max_choices: 1, options: [{ name: 'Oat', price_delta: 0.5 }] },
      {
        name: 'Size',
        min_choices: 1,
        max_choices: 1,
        options: [
          { name: 'Large', price_delta: 2 },
          { name: 'Small', price_delta: 0 },
        ],
      },
    ]);
  }, 20_000);
});
