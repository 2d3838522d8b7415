import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '@/lib/storage';
import { displayMenuFixture, menuItemFixture } from '@/test/menu-fixtures';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { MenuDisplayPage } from './menu-display-page';

/** docs/decisions/012-allergens-and-dietary-tags.md: the diner sees each dish's allergens and tags, and can hide dishes by allergen. */

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const menu = [
  menuItemFixture({
    item_name: 'Pad Thai',
    category: 'MainCourse',
    allergens: ['eggs', 'peanuts', 'soybeans'],
    dietary_tags: ['spicy'],
  }),
  menuItemFixture({ item_name: 'Cheesecake', category: 'Dessert', allergens: ['gluten', 'eggs', 'milk'] }),
  menuItemFixture({ item_name: 'Green Salad', category: 'Starter', dietary_tags: ['vegan', 'gluten_free'] }),
  menuItemFixture({ item_name: 'Satay Special', category: 'TodaysSpecial', allergens: ['peanuts'] }),
];

async function renderMenu() {
  stubFetch(() => jsonResponse(200, displayMenuFixture({ menu })));
  renderRoute(MenuDisplayPage, {
    path: '/menu-display',
    url: '/menu-display?token=tok_roma',
    destinations: [],
  });
  await screen.findByRole('heading', { level: 1, name: /Trattoria Roma/ });
}

const dishes = () => screen.queryAllByRole('article').map((card) => card.getAttribute('aria-label'));
/** The "Contains: …" line of a card. */
const containsOf = (scope: ReturnType<typeof within>) =>
  scope.getByText(
    (_: string, element: Element | null) =>
      element?.tagName === 'P' && /^Contains:/.test(element.textContent ?? ''),
  ).textContent;
const stored = () => sessionStorage.getItem(sessionKeys.allergenFilter);

describe("the diner's allergen badges", () => {
  it('shows dietary tags as pills and the allergens as a Contains line, in the law’s order', async () => {
    await renderMenu();
    const salad = within(screen.getByRole('article', { name: 'Green Salad' }));
    expect(
      within(salad.getByRole('list', { name: 'Dietary' }))
        .getAllByRole('listitem')
        .map((pill) => pill.textContent),
    ).toEqual(['Vegan', 'Gluten-free']);
    expect(salad.queryByText(/Contains/)).not.toBeInTheDocument();

    const padThai = within(screen.getByRole('article', { name: 'Pad Thai' }));
    expect(padThai.getByText('Spicy')).toBeInTheDocument();
    expect(containsOf(padThai)).toBe('Contains: eggs, peanuts, soya');
    expect(containsOf(within(screen.getByRole('article', { name: 'Cheesecake' })))).toBe(
      'Contains: gluten, eggs, milk',
    );
    const special = within(screen.getByRole('listitem', { name: 'Satay Special' }));
    expect(containsOf(special)).toBe('Contains: peanuts');
  });
});

describe("the diner's allergen filter", () => {
  it('hides every dish with a chosen allergen, says how many, and clears', async () => {
    await renderMenu();
    const user = userEvent.setup();
    expect(dishes()).toHaveLength(4);
    expect(screen.queryByText(/hidden because/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Allergens' }));
    const panel = within(await screen.findByRole('dialog', { name: 'Hide dishes with allergens' }));
    const boxes = panel.getAllByRole('checkbox');
    expect(boxes).toHaveLength(14);
    expect(boxes.map((box) => box.closest('label')?.textContent)).toContain('Sulphur dioxide / sulphites');

    await user.click(panel.getByRole('checkbox', { name: 'Peanuts' }));
    expect(panel.getByRole('checkbox', { name: 'Peanuts' })).toBeChecked();
    expect(dishes().sort()).toEqual(['Cheesecake', 'Green Salad']);
    expect(screen.getByRole('status')).toHaveTextContent(
      '2 dishes are hidden because of your allergen filter.',
    );
    expect(stored()).toBe('["peanuts"]');
    expect(panel.getByRole('button', { name: 'Show 2 dishes' })).toBeInTheDocument();

    await user.click(panel.getByRole('checkbox', { name: 'Milk' }));
    expect(dishes()).toEqual(['Green Salad']);
    expect(screen.getByRole('status')).toHaveTextContent('3 dishes are hidden');
    expect(stored()).toBe('["milk","peanuts"]');
    await user.click(panel.getByRole('button', { name: 'Show 1 dish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The button says a filter is on, and how many allergens it holds.
    expect(screen.getByRole('button', { name: 'Allergens 2 chosen' })).toBeInTheDocument();

    await user.click(within(screen.getByRole('status')).getByRole('button', { name: 'Clear filter' }));
    expect(dishes()).toHaveLength(4);
    expect(screen.queryByText(/hidden because/)).not.toBeInTheDocument();
    expect(stored()).toBeNull();
    expect(screen.getByRole('button', { name: 'Allergens' })).toBeInTheDocument();
  });

  it('keeps the choice for the visit: a reload starts with the same dishes hidden', async () => {
    sessionStorage.setItem(sessionKeys.allergenFilter, JSON.stringify(['eggs', 'not-an-allergen']));
    await renderMenu();
    expect(dishes().sort()).toEqual(['Green Salad', 'Satay Special']);
    expect(screen.getByRole('status')).toHaveTextContent('2 dishes are hidden');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Allergens 1 chosen' }));
    const panel = within(await screen.findByRole('dialog'));
    expect(panel.getByRole('checkbox', { name: 'Eggs' })).toBeChecked();
    expect(panel.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toHaveLength(1);
    await user.click(panel.getByRole('button', { name: 'Clear filter' }));
    expect(dishes()).toHaveLength(4);
    expect(stored()).toBeNull();
  });

  it('offers only the categories that still have dishes', async () => {
    sessionStorage.setItem(sessionKeys.allergenFilter, JSON.stringify(['peanuts', 'gluten']));
    await renderMenu();
    const pills = within(screen.getByRole('navigation', { name: 'Menu categories' }));
    expect(pills.getAllByRole('button').map((pill) => pill.textContent)).toEqual(['All Items', 'Starter']);
  });

  it('says so when it hides every dish, and brings them back on clearing', async () => {
    sessionStorage.setItem(sessionKeys.allergenFilter, JSON.stringify(['peanuts', 'milk', 'gluten', 'eggs']));
    const user = userEvent.setup();
    stubFetch(() =>
      jsonResponse(
        200,
        displayMenuFixture({ menu: menu.filter((item) => item.item_name !== 'Green Salad') }),
      ),
    );
    renderRoute(MenuDisplayPage, {
      path: '/menu-display',
      url: '/menu-display?token=tok_roma',
      destinations: [],
    });
    expect(
      await screen.findByText('Every dish on this menu contains an allergen you chose.'),
    ).toBeInTheDocument();
    expect(dishes()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(dishes()).toHaveLength(3);
  });
});
