import type { MenuOptionGroup } from '@tableserve/contract/option-choices';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '@/session/diner/cart';
import { displayMenuFixture, menuItemFixture } from '@/test/menu-fixtures';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { MenuDisplayPage } from './menu-display-page';

/** docs/decisions/017-item-options.md (ADR 017): a dish with options is chosen in a sheet before it goes in the cart. */

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const doneness: MenuOptionGroup = {
  id: 1,
  name: 'Doneness',
  min_choices: 1,
  max_choices: 1,
  options: [
    { id: 11, name: 'Medium', price_delta: 0 },
    { id: 12, name: 'Well done', price_delta: 0 },
  ],
};
const extras: MenuOptionGroup = {
  id: 2,
  name: 'Extras',
  min_choices: 0,
  max_choices: 2,
  options: [
    { id: 21, name: 'Bacon', price_delta: 0.6 },
    { id: 22, name: 'Fried egg', price_delta: 1 },
    { id: 23, name: 'Avocado', price_delta: 2.5 },
  ],
};
const menu = [
  menuItemFixture({ menu_id: 5, item_name: 'Smash Burger', price: 16, option_groups: [doneness, extras] }),
  menuItemFixture({ menu_id: 6, item_name: 'Garlic Knots', price: 7.5, category: 'Starter' }),
  menuItemFixture({
    menu_id: 7,
    item_name: 'Mint',
    price: 0.1,
    category: 'Dessert',
    option_groups: [{ ...extras, id: 3, name: 'Wrap' }],
  }),
];

async function renderMenu() {
  stubFetch(() => jsonResponse(200, displayMenuFixture({ menu })));
  renderRoute(MenuDisplayPage, {
    path: '/menu-display',
    url: '/menu-display?token=tok_roma',
    destinations: [],
  });
  await screen.findByRole('article', { name: 'Smash Burger' });
  return userEvent.setup();
}

const card = (name: string) => within(screen.getByRole('article', { name }));
const bottomBar = () => screen.queryByRole('region', { name: 'Order total' });
const storedLines = (): Array<Pick<CartLine, 'menu_id' | 'price' | 'quantity' | 'options'>> =>
  (JSON.parse(localStorage.getItem('currentCart') ?? '{"items":[]}').items as CartLine[]).map(
    ({ menu_id, price, quantity, options }) => ({ menu_id, price, quantity, options }),
  );

async function openSheet(user: ReturnType<typeof userEvent.setup>, dish = 'Smash Burger') {
  await user.click(card(dish).getByRole('button', { name: `Add ${dish}` }));
  return within(await screen.findByRole('dialog', { name: dish }));
}

describe("the diner's option sheet", () => {
  it('opens on Add instead of adding, while a dish without options is still added in one tap', async () => {
    const user = await renderMenu();
    const sheet = await openSheet(user);
    expect(sheet.getByRole('group', { name: 'Doneness Choose 1 Required' })).toBeInTheDocument();
    expect(sheet.getByRole('group', { name: 'Extras Up to 2' })).toBeInTheDocument();
    expect(sheet.getByText('$16.00 each')).toBeInTheDocument();
    expect(sheet.getByRole('button', { name: 'Add to cart · $16.00' })).toBeInTheDocument();
    expect(localStorage.getItem('currentCart')).toBeNull();

    await user.click(sheet.getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(card('Garlic Knots').getByRole('button', { name: 'Add Garlic Knots' }));
    expect(card('Garlic Knots').getByRole('group', { name: 'Quantity of Garlic Knots' })).toHaveTextContent(
      '1',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("opens with focus on the dish's name, not on Close; Tab then reaches Close (outside testing, SECURITY.md)", async () => {
    const user = await renderMenu();
    const sheet = await openSheet(user);
    expect(sheet.getByRole('heading', { level: 2, name: 'Smash Burger' })).toHaveFocus();
    expect(sheet.getByRole('button', { name: 'Close dialog' })).not.toHaveFocus();
    await user.tab();
    expect(sheet.getByRole('button', { name: 'Close dialog' })).toHaveFocus();
  });

  it('adds nothing while a required group is unanswered, and says which', async () => {
    const user = await renderMenu();
    const sheet = await openSheet(user);
    expect(sheet.queryByText('Choose a Doneness')).not.toBeInTheDocument();

    await user.click(sheet.getByRole('button', { name: /^Add to cart/ }));
    expect(sheet.getByRole('alert')).toHaveTextContent(/^Smash Burger: Choose a Doneness$/);
    expect(sheet.getByRole('group', { name: /^Doneness/ })).toHaveAccessibleDescription('Choose a Doneness');
    expect(screen.getByRole('dialog', { name: 'Smash Burger' })).toBeInTheDocument();
    expect(localStorage.getItem('currentCart')).toBeNull();
    expect(bottomBar()).not.toBeInTheDocument();

    await user.click(sheet.getByRole('radio', { name: 'Well done' }));
    expect(sheet.queryByRole('alert')).not.toBeInTheDocument();
    expect(sheet.queryByText('Choose a Doneness')).not.toBeInTheDocument();
  });

  it('adds the line with its choices at the unit price with them, in cents', async () => {
    const user = await renderMenu();
    const sheet = await openSheet(user);
    await user.click(sheet.getByRole('checkbox', { name: 'Fried egg' }));
    await user.click(sheet.getByRole('radio', { name: 'Medium' }));
    await user.click(sheet.getByRole('checkbox', { name: 'Bacon' }));
    expect(sheet.getByRole('checkbox', { name: 'Avocado' })).toBeDisabled();
    expect(sheet.getByText('$17.60 each')).toBeInTheDocument();

    await user.click(sheet.getByRole('button', { name: 'Add one more Smash Burger' }));
    await user.click(sheet.getByRole('button', { name: 'Add to cart · $35.20' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(storedLines()).toEqual([
      {
        menu_id: 5,
        price: 17.6,
        quantity: 2,
        options: [
          { id: 11, group: 'Doneness', name: 'Medium', price: 0 },
          { id: 21, group: 'Extras', name: 'Bacon', price: 0.6 },
          { id: 22, group: 'Extras', name: 'Fried egg', price: 1 },
        ],
      },
    ]);
    expect(
      card('Smash Burger').getByRole('button', { name: 'Add Smash Burger' }),
    ).toHaveAccessibleDescription('2 in cart');
    expect(bottomBar()).toHaveTextContent('$35.20');
  });

  it('merges the same choices into their line, keeps other choices apart, and starts each opening afresh', async () => {
    const user = await renderMenu();
    let sheet = await openSheet(user);
    await user.click(sheet.getByRole('radio', { name: 'Medium' }));
    await user.click(sheet.getByRole('button', { name: 'Add to cart · $16.00' }));

    sheet = await openSheet(user);
    expect(sheet.getByRole('radio', { name: 'Medium' })).not.toBeChecked();
    expect(sheet.getByText('$16.00 each')).toBeInTheDocument();
    await user.click(sheet.getByRole('radio', { name: 'Medium' }));
    await user.click(sheet.getByRole('button', { name: 'Add to cart · $16.00' }));

    sheet = await openSheet(user);
    await user.click(sheet.getByRole('radio', { name: 'Well done' }));
    await user.click(sheet.getByRole('checkbox', { name: 'Avocado' }));
    await user.click(sheet.getByRole('button', { name: 'Add to cart · $18.50' }));

    expect(storedLines().map(({ quantity, price, options }) => [quantity, price, options.length])).toEqual([
      [2, 16, 1],
      [1, 18.5, 2],
    ]);
    expect(card('Smash Burger').getByText('3 in cart')).toBeInTheDocument();
    expect(bottomBar()).toHaveTextContent('$50.50');
  });

  it('totals a quantity of a ten-cent dish exactly', async () => {
    const user = await renderMenu();
    const sheet = await openSheet(user, 'Mint');
    await user.click(sheet.getByRole('button', { name: 'Add one more Mint' }));
    await user.click(sheet.getByRole('button', { name: 'Add one more Mint' }));
    expect(sheet.getByRole('button', { name: 'Remove one Mint' })).toBeEnabled();
    await user.click(sheet.getByRole('button', { name: 'Add to cart · $0.30' }));
    expect(storedLines()).toEqual([{ menu_id: 7, price: 0.1, quantity: 3, options: [] }]);
    expect(bottomBar()).toHaveTextContent('$0.30');
  });

  it('does not go below one in the sheet', async () => {
    const user = await renderMenu();
    const sheet = await openSheet(user);
    expect(sheet.getByRole('button', { name: 'Remove one Smash Burger' })).toBeDisabled();
  });
});
