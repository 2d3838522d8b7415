import { billPageMessages } from '@tableserve/contract/bill-page';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoMenu, displayMenuFixture, menuItemFixture, restaurantFixture } from '@/test/menu-fixtures';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { MenuDisplayPage } from './menu-display-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderMenu = (url = '/menu-display?token=tok_roma') =>
  renderRoute(MenuDisplayPage, { path: '/menu-display', url, destinations: ['/cart'] });

const card = (name: string) => screen.getByRole('article', { name });
const bottomBar = () => screen.queryByRole('region', { name: 'Order total' });

/** The menu answer's pricing (contract customer-menu.ts MenuPricing), untaxed, with this timing. */
const pricingOf = (payment_timing: 'counter' | 'end_of_meal') => ({
  payment_timing,
  prices_include_tax: false,
  service_charge_percent: 0,
  service_charge_min_party: null,
  tax_rates: [],
});

describe('Menu display page (docs/product/menu.md#diner-menu)', () => {
  it('asks for the menu by the URL token and shows the restaurant, specials, pills and items', async () => {
    const { calls } = stubFetch(() => jsonResponse(200, displayMenuFixture()));
    renderMenu();
    expect(screen.getByRole('status', { name: 'Loading menu' })).toBeInTheDocument();

    expect(await screen.findByRole('heading', { level: 1, name: /Trattoria Roma/ })).toBeInTheDocument();
    expect(calls()).toEqual([expect.objectContaining({ url: '/api/v1/customer/display-menu/tok_roma' })]);

    const specials = screen.getByRole('region', { name: "Today's Special" });
    expect(
      within(specials)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Truffle Fries']);

    const pills = within(screen.getByRole('navigation', { name: 'Menu categories' }));
    expect(pills.getAllByRole('button').map((pill) => pill.textContent)).toEqual([
      'All Items',
      'Starter',
      'Main Course',
      'Dessert',
      "Today's Special",
    ]);
    expect(pills.getByRole('button', { name: 'All Items' })).toHaveAttribute('aria-pressed', 'true');

    expect(within(card('Margherita Pizza')).getByText('$16.00')).toBeInTheDocument();
    expect(within(card('Margherita Pizza')).getByText('Tomato, fior di latte, basil.')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });

  it("offers the table's bill with the card's key when the restaurant is paid at the end of the meal (ADR 020)", async () => {
    const { calls } = stubFetch(({ url }) =>
      url.startsWith('/api/v1/table-bill')
        ? jsonResponse(200, { bill_id: 5, status: 'open', outstanding: 26.5, pending: 0 })
        : jsonResponse(200, { ...displayMenuFixture(), pricing: pricingOf('end_of_meal') }),
    );
    renderMenu('/menu-display?token=tok_roma&table=4&key=table-four-key00');
    expect(await screen.findByRole('link', { name: billPageMessages.viewBill })).toHaveAttribute(
      'href',
      '/bill?token=tok_roma&table=4&key=table-four-key00',
    );
    // The key is the bill's alone: the menu is asked for without it (docs/decisions/025-table-keys.md).
    expect(calls()[0]?.url).toBe('/api/v1/customer/display-menu/tok_roma?table=4');
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem('tableFromCode') ?? 'null')).toEqual({
        restaurant_id: 7,
        table_no: 4,
        key: 'table-four-key00',
      }),
    );
  });

  it('offers no bill while the table has nothing to pay (no open bill yet)', async () => {
    const { calls } = stubFetch(({ url }) =>
      url.startsWith('/api/v1/table-bill')
        ? jsonResponse(404, { message: 'This table has no open bill.', code: 'NO_OPEN_BILL' })
        : jsonResponse(200, { ...displayMenuFixture(), pricing: pricingOf('end_of_meal') }),
    );
    renderMenu('/menu-display?token=tok_roma&table=4&key=table-four-key00');
    await screen.findByRole('heading', { level: 1, name: /Trattoria Roma/ });
    await waitFor(() =>
      expect(calls().map((call) => call.url)).toContain(
        '/api/v1/table-bill?token=tok_roma&table=4&key=table-four-key00',
      ),
    );
    expect(screen.queryByRole('link', { name: billPageMessages.viewBill })).not.toBeInTheDocument();
    expect(screen.queryByText(billPageMessages.viewBill)).not.toBeInTheDocument();
  });

  it('from a card printed before keys, still offers the bill, which says what to do', async () => {
    stubFetch(() => jsonResponse(200, { ...displayMenuFixture(), pricing: pricingOf('end_of_meal') }));
    renderMenu('/menu-display?token=tok_roma&table=4');
    expect(await screen.findByRole('link', { name: billPageMessages.viewBill })).toHaveAttribute(
      'href',
      '/bill?token=tok_roma&table=4',
    );
  });

  it('offers no bill at a restaurant paid at the counter, or without a table', async () => {
    stubFetch(() => jsonResponse(200, { ...displayMenuFixture(), pricing: pricingOf('counter') }));
    renderMenu('/menu-display?token=tok_roma&table=4');
    await screen.findByRole('heading', { level: 1, name: /Trattoria Roma/ });
    expect(screen.queryByRole('link', { name: billPageMessages.viewBill })).not.toBeInTheDocument();
  });

  it('leaves out the specials strip when there are no specials', async () => {
    stubFetch(() => jsonResponse(200, displayMenuFixture({ menu: demoMenu.slice(0, 3) })));
    renderMenu();
    await screen.findByRole('heading', { level: 1, name: /Trattoria Roma/ });
    expect(screen.queryByRole('region', { name: "Today's Special" })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Today's Special" })).not.toBeInTheDocument();
  });

  it('filters the items by category pill', async () => {
    stubFetch(() => jsonResponse(200, displayMenuFixture()));
    renderMenu();
    const user = userEvent.setup();
    const dessert = await screen.findByRole('button', { name: 'Dessert' });
    await user.click(dessert);
    expect(dessert).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('article').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Tiramisu',
    ]);
    await user.click(screen.getByRole('button', { name: 'All Items' }));
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });

  it('turns Add into − qty + and keeps the bottom bar total in step', async () => {
    stubFetch(() => jsonResponse(200, displayMenuFixture()));
    renderMenu();
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Margherita Pizza' });
    expect(bottomBar()).not.toBeInTheDocument();

    await user.click(within(card('Margherita Pizza')).getByRole('button', { name: 'Add Margherita Pizza' }));
    const stepper = within(card('Margherita Pizza')).getByRole('group', {
      name: 'Quantity of Margherita Pizza',
    });
    expect(within(stepper).getByText('1')).toBeInTheDocument();
    expect(bottomBar()).toHaveTextContent('$16.00');
    expect(bottomBar()).toHaveTextContent('1 item');

    await user.click(within(stepper).getByRole('button', { name: 'Add one more Margherita Pizza' }));
    await user.click(within(card('Garlic Knots')).getByRole('button', { name: 'Add Garlic Knots' }));
    expect(within(stepper).getByText('2')).toBeInTheDocument();
    expect(bottomBar()).toHaveTextContent('$39.50');
    expect(bottomBar()).toHaveTextContent('3 items');
    expect(screen.getByRole('button', { name: 'Cart, 3 items, $39.50' })).toBeInTheDocument();

    // The strip and the grid are the same cart.
    const specials = within(screen.getByRole('region', { name: "Today's Special" }));
    await user.click(specials.getByRole('button', { name: 'Add Truffle Fries' }));
    expect(bottomBar()).toHaveTextContent('$49.00');

    await user.click(within(stepper).getByRole('button', { name: 'Remove one Margherita Pizza' }));
    await user.click(within(stepper).getByRole('button', { name: 'Remove one Margherita Pizza' }));
    expect(
      within(card('Margherita Pizza')).getByRole('button', { name: 'Add Margherita Pizza' }),
    ).toBeInTheDocument();
    expect(bottomBar()).toHaveTextContent('$17.00');

    const stored = JSON.parse(localStorage.getItem('currentCart') ?? 'null');
    expect(stored.restaurant_id).toBe(7);
    expect(
      stored.items.map((line: { menu_id: number; quantity: number }) => [line.menu_id, line.quantity]),
    ).toEqual([
      [1, 1],
      [4, 1],
    ]);
  });

  it('Checkout goes to /cart carrying the cart lines and the restaurant id', async () => {
    stubFetch(() => jsonResponse(200, displayMenuFixture()));
    const { router } = renderMenu();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Tiramisu' }));
    await user.click(within(bottomBar() as HTMLElement).getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText('Page /cart')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({
      restaurant_id: 7,
      cart: [expect.objectContaining({ menu_id: 3, item_name: 'Tiramisu', price: 9.5, quantity: 1 })],
    });
  });

  it('shows address, city, state and the phone as 3-3-4 when the name is tapped', async () => {
    stubFetch(() => jsonResponse(200, displayMenuFixture()));
    renderMenu();
    const toggle = await screen.findByRole('button', { name: 'Trattoria Roma' });
    expect(screen.queryByText('500 Columbus Ave')).not.toBeInTheDocument();
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('500 Columbus Ave')).toBeInTheDocument();
    expect(screen.getByText('San Francisco, CA')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '415-555-0123' })).toHaveAttribute('href', 'tel:4155550123');
  });

  it('opens a photo full size when it is tapped', async () => {
    stubFetch(() => jsonResponse(200, displayMenuFixture()));
    renderMenu();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'View photo of Margherita Pizza' }));
    // The dialog's code loads with the first photo opened (docs/performance.md).
    const dialog = await screen.findByRole('dialog', { name: 'Margherita Pizza' });
    expect(within(dialog).getByRole('img', { name: 'Margherita Pizza' })).toHaveAttribute(
      'src',
      'https://images.example.com/pizza.jpg',
    );
  });

  it('loads the first screenful of photos at once and the rest lazily; the preview shows the 960 px copy', async () => {
    const photo = (n: number) => `http://127.0.0.1/api/v1/uploads/7-photo${n}aaaaaaaaaaaaaaaaa.jpg`;
    const mains = [1, 2, 3, 4].map((n) =>
      menuItemFixture({ item_name: `Main ${n}`, category: 'MainCourse', image: photo(n) }),
    );
    const specials = [5, 6, 7].map((n) =>
      menuItemFixture({ item_name: `Special ${n}`, category: 'TodaysSpecial', image: photo(n) }),
    );
    stubFetch(() => jsonResponse(200, displayMenuFixture({ menu: [...mains, ...specials] })));
    renderMenu();
    await screen.findByRole('heading', { level: 1, name: /Trattoria Roma/ });
    const strip = within(screen.getByRole('region', { name: "Today's Special" }));
    const loading = (img: HTMLElement) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')];
    const cardPhoto = (name: string) => within(card(name)).getByRole('img', { name });
    expect(loading(strip.getByRole('img', { name: 'Special 5' }))).toEqual(['eager', 'high']);
    expect(loading(strip.getByRole('img', { name: 'Special 6' }))).toEqual(['eager', null]);
    expect(loading(strip.getByRole('img', { name: 'Special 7' }))).toEqual(['lazy', null]);
    expect(loading(cardPhoto('Main 1'))).toEqual(['eager', null]);
    expect(loading(cardPhoto('Main 2'))).toEqual(['eager', null]);
    expect(loading(cardPhoto('Main 3'))).toEqual(['lazy', null]);
    expect(cardPhoto('Main 1')).toHaveAttribute(
      'srcset',
      `${photo(1)}@320.webp 320w, ${photo(1)}@640.webp 640w`,
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'View photo of Main 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Main 3' });
    const preview = within(dialog).getByRole('img', { name: 'Main 3' });
    expect(preview).toHaveAttribute('src', `${photo(3)}@960.webp`);
    fireEvent.error(preview);
    expect(within(dialog).getByRole('img', { name: 'Main 3' })).toHaveAttribute('src', photo(3));
  });

  it('shows a placeholder when a photo is missing or fails to load', async () => {
    stubFetch(() => jsonResponse(200, displayMenuFixture()));
    renderMenu();
    const pizza = await screen.findByRole('article', { name: 'Margherita Pizza' });
    expect(within(card('Tiramisu')).getByRole('img', { name: 'Tiramisu (no photo)' })).toBeInTheDocument();
    fireEvent.error(within(pizza).getByRole('img', { name: 'Margherita Pizza' }));
    expect(within(pizza).getByRole('img', { name: 'Margherita Pizza (no photo)' })).toBeInTheDocument();
    expect(
      within(pizza).queryByRole('button', { name: 'View photo of Margherita Pizza' }),
    ).not.toBeInTheDocument();
  });
});

describe('Menu display errors (docs/product/menu.md#diner-menu)', () => {
  it('a lapsed subscription (403) asks the diner to contact the restaurant', async () => {
    stubFetch(() => jsonResponse(403, { message: 'Subscription is not valid for this restaurant' }));
    renderMenu();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "This restaurant's subscription has expired. Please contact the restaurant for assistance.",
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('an empty menu (404) says there are no items', async () => {
    stubFetch(() => jsonResponse(404, { message: 'No menu items found for this restaurant' }));
    renderMenu();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('No menu items in the restaurant.');
  });

  it.each([
    ['an unknown restaurant', () => jsonResponse(404, { message: 'Restaurant not found' })],
    ['a server error', () => jsonResponse(500, { message: 'boom' })],
    ['no connection', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('%s says to try again later, and Try again asks again', async (_case, answer) => {
    const { fetchMock } = stubFetch(answer);
    renderMenu();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toBe('No menu items in the restaurant. Please try again later.');
    fetchMock.mockImplementation(async () => jsonResponse(200, displayMenuFixture()));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Trattoria Roma/ })).toBeInTheDocument();
  });

  it('without a token in the URL or in storage shows the generic error and asks nothing', () => {
    const { fetchMock } = stubFetch(() => jsonResponse(200, displayMenuFixture()));
    renderMenu('/menu-display');
    expect(screen.getByRole('alert').textContent).toBe(
      'No menu items in the restaurant. Please try again later.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('Stored restaurant and token (docs/product/menu.md#diner-menu, docs/product/api-conventions.md#api-calls)', () => {
  it('stores the restaurant and its token on success', async () => {
    stubFetch(() => jsonResponse(200, displayMenuFixture()));
    renderMenu();
    await screen.findByRole('heading', { level: 1, name: /Trattoria Roma/ });
    expect(localStorage.getItem('token')).toBe('tok_roma');
    expect(localStorage.getItem('current_restaurant_id')).toBe('7');
    expect(localStorage.getItem('restaurant_id')).toBe('7');
    expect(JSON.parse(localStorage.getItem('current_restaurant_details') ?? '{}')).toMatchObject({
      restaurant_name: 'Trattoria Roma',
    });
  });

  it('opens the stored token when the URL has none', async () => {
    localStorage.setItem('token', 'tok_roma');
    const { calls } = stubFetch(() => jsonResponse(200, displayMenuFixture()));
    renderMenu('/menu-display');
    await screen.findByRole('heading', { level: 1, name: /Trattoria Roma/ });
    expect(calls()[0]?.url).toBe('/api/v1/customer/display-menu/tok_roma');
  });

  it('a different token replaces the stored restaurant, and the other restaurant’s cart is not shown', async () => {
    localStorage.setItem('token', 'tok_old');
    localStorage.setItem('current_restaurant_id', '3');
    localStorage.setItem('restaurant_id', '3');
    localStorage.setItem(
      'current_restaurant_details',
      JSON.stringify(
        restaurantFixture({ restaurant_id: 3, restaurant_name: 'Old Place', name: 'Old Place' }),
      ),
    );
    const oldLine = { ...menuItemFixture({ menu_id: 1, restaurant_id: 3 }), quantity: 4 };
    localStorage.setItem(
      'currentCart',
      JSON.stringify({ restaurant_id: 3, items: [oldLine], expires_at: Date.now() + 60_000 }),
    );
    const { calls } = stubFetch(() =>
      jsonResponse(200, displayMenuFixture({ restaurant: { restaurant_id: 9 }, token: 'tok_new' })),
    );
    renderMenu('/menu-display?token=tok_new');
    await screen.findByRole('heading', { level: 1, name: /Trattoria Roma/ });
    expect(calls()[0]?.url).toBe('/api/v1/customer/display-menu/tok_new');
    await waitFor(() => expect(localStorage.getItem('token')).toBe('tok_new'));
    expect(localStorage.getItem('current_restaurant_id')).toBe('9');
    expect(JSON.parse(localStorage.getItem('current_restaurant_details') ?? '{}').restaurant_id).toBe(9);
    // Item 1 has quantity 4 in restaurant 3's cart; here it is not in the cart at all.
    expect(
      within(card('Garlic Knots')).getByRole('button', { name: 'Add Garlic Knots' }),
    ).toBeInTheDocument();
    expect(bottomBar()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cart,/ })).not.toBeInTheDocument();
  });

  it('a rotated token for the same restaurant replaces the stored token', async () => {
    localStorage.setItem('token', 'tok_before');
    localStorage.setItem('current_restaurant_id', '7');
    stubFetch(() => jsonResponse(200, displayMenuFixture({ token: 'tok_after' })));
    renderMenu('/menu-display?token=tok_after');
    await screen.findByRole('heading', { level: 1, name: /Trattoria Roma/ });
    await waitFor(() => expect(localStorage.getItem('token')).toBe('tok_after'));
  });
});

describe("A table's code (ADR 013)", () => {
  it('asks for the menu with the table, shows the table in the header and keeps it for the visit', async () => {
    const { calls } = stubFetch(() => jsonResponse(200, displayMenuFixture()));
    renderMenu('/menu-display?token=tok_roma&table=03');
    expect(await screen.findByText('Table 3')).toBeInTheDocument();
    expect(calls()[0]?.url).toBe('/api/v1/customer/display-menu/tok_roma?table=3');
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem('tableFromCode') ?? 'null')).toEqual({
        restaurant_id: 7,
        table_no: 3,
      }),
    );
  });

  it('reopened without a query (a reload of /menu-display), keeps the same table', async () => {
    localStorage.setItem('token', 'tok_roma');
    localStorage.setItem('current_restaurant_id', '7');
    sessionStorage.setItem('tableFromCode', JSON.stringify({ restaurant_id: 7, table_no: 5 }));
    const { calls } = stubFetch(() => jsonResponse(200, displayMenuFixture()));
    renderMenu('/menu-display');
    expect(await screen.findByText('Table 5')).toBeInTheDocument();
    expect(calls()[0]?.url).toBe('/api/v1/customer/display-menu/tok_roma?table=5');
  });

  it("the restaurant's own code forgets the table; a table that is no number is no table", async () => {
    sessionStorage.setItem('tableFromCode', JSON.stringify({ restaurant_id: 7, table_no: 5 }));
    const { calls } = stubFetch(() => jsonResponse(200, displayMenuFixture()));
    renderMenu('/menu-display?token=tok_roma&table=x');
    await screen.findByRole('heading', { level: 1, name: /Trattoria Roma/ });
    expect(calls()[0]?.url).toBe('/api/v1/customer/display-menu/tok_roma');
    expect(screen.queryByText(/^Table \d/)).not.toBeInTheDocument();
    await waitFor(() => expect(sessionStorage.getItem('tableFromCode')).toBeNull());
  });

  it("a table past the restaurant's tables (404) says the code is out of date and offers the menu without it", async () => {
    stubFetch((call) =>
      call.url.endsWith('?table=12')
        ? jsonResponse(404, { message: 'Table not found', code: 'TABLE_NOT_FOUND' })
        : jsonResponse(200, displayMenuFixture()),
    );
    renderMenu('/menu-display?token=tok_roma&table=12');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please ask a member of staff for a new one, or see the menu and order without a table.',
    );
    expect(screen.getByRole('heading', { name: 'This table’s code is out of date' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'See the menu' });
    expect(link).toHaveAttribute('href', '/menu-display?token=tok_roma');
  });
});

describe('Floating cart (docs/product/ordering.md#cart)', () => {
  const addGarlicKnots = async () =>
    fireEvent.click(await screen.findByRole('button', { name: 'Add Garlic Knots' }));

  it('floats nothing over the dishes while the cart is empty, and shows with the first dish', async () => {
    stubFetch(() => jsonResponse(200, displayMenuFixture()));
    renderMenu();
    await screen.findByRole('button', { name: 'Add Garlic Knots' });
    expect(screen.queryByRole('button', { name: /^Cart,/ })).not.toBeInTheDocument();
    expect(screen.queryByText('$0.00')).not.toBeInTheDocument();
    await addGarlicKnots();
    expect(await screen.findByRole('button', { name: /^Cart, 1 item, / })).toBeInTheDocument();
  });

  it('restores the saved position, and a tap opens the cart', async () => {
    localStorage.setItem('cartPosition', JSON.stringify({ x: 40, y: 100 }));
    stubFetch(() => jsonResponse(200, displayMenuFixture()));
    renderMenu();
    await addGarlicKnots();
    const button = await screen.findByRole('button', { name: /^Cart,/ });
    expect(button).toHaveStyle({ left: '40px', top: '100px' });
    fireEvent.pointerDown(button, { pointerId: 1, clientX: 60, clientY: 120, pointerType: 'touch' });
    fireEvent.pointerUp(button, { pointerId: 1, clientX: 61, clientY: 121, pointerType: 'touch' });
    fireEvent.click(button);
    expect(await screen.findByText('Page /cart')).toBeInTheDocument();
  });

  it('re-clamps a saved position that no longer fits the window', async () => {
    localStorage.setItem('cartPosition', JSON.stringify({ x: 5000, y: -80 }));
    stubFetch(() => jsonResponse(200, displayMenuFixture()));
    renderMenu();
    await addGarlicKnots();
    const button = await screen.findByRole('button', { name: /^Cart,/ });
    // jsdom lays nothing out, so the button measures 0×0 in a 1024×768 window.
    expect(button).toHaveStyle({ left: `${window.innerWidth - 12}px`, top: '12px' });
  });

  it('a drag moves it, clamps it to the window and saves it under cartPosition, without opening the cart', async () => {
    localStorage.setItem('cartPosition', JSON.stringify({ x: 200, y: 300 }));
    stubFetch(() => jsonResponse(200, displayMenuFixture()));
    renderMenu();
    await addGarlicKnots();
    const button = await screen.findByRole('button', { name: /^Cart,/ });
    fireEvent.pointerDown(button, { pointerId: 1, clientX: 210, clientY: 310, pointerType: 'touch' });
    fireEvent.pointerMove(button, { pointerId: 1, clientX: 150, clientY: 250, pointerType: 'touch' });
    expect(button).toHaveStyle({ left: '140px', top: '240px' });
    fireEvent.pointerMove(button, { pointerId: 1, clientX: -500, clientY: 250, pointerType: 'touch' });
    fireEvent.pointerUp(button, { pointerId: 1, clientX: -500, clientY: 250, pointerType: 'touch' });
    fireEvent.click(button);
    expect(button).toHaveStyle({ left: '12px', top: '240px' });
    expect(JSON.parse(localStorage.getItem('cartPosition') ?? 'null')).toEqual({ x: 12, y: 240 });
    expect(screen.queryByText('Page /cart')).not.toBeInTheDocument();
  });

  it('moves with the arrow keys for keyboard users, clamped and saved, without opening the cart', async () => {
    localStorage.setItem('cartPosition', JSON.stringify({ x: 30, y: 300 }));
    stubFetch(() => jsonResponse(200, displayMenuFixture()));
    renderMenu();
    await addGarlicKnots();
    const button = await screen.findByRole('button', { name: /^Cart,/ });
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    expect(button).toHaveStyle({ left: '30px', top: '276px' });
    fireEvent.keyDown(button, { key: 'ArrowLeft' });
    expect(button).toHaveStyle({ left: '12px', top: '276px' });
    expect(JSON.parse(localStorage.getItem('cartPosition') ?? 'null')).toEqual({ x: 12, y: 276 });
    fireEvent.keyDown(button, { key: 'a' });
    expect(button).toHaveStyle({ left: '12px', top: '276px' });
    expect(screen.queryByText('Page /cart')).not.toBeInTheDocument();
  });
});
