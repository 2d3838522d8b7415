import { DisplayMenuResponse } from '@tableserve/contract/customer-menu';
import { describe, expect, it } from 'vitest';
import { displayMenuFixture } from '@/test/menu-fixtures';
import { checkDisplayMenu } from './display-menu-shape';

const doneness = {
  id: 3,
  name: 'Doneness',
  min_choices: 1,
  max_choices: 1,
  options: [
    { id: 31, name: 'Medium', price_delta: 0 },
    { id: 32, name: 'Well done', price_delta: 0.5 },
  ],
};

/** One field of the answer replaced (or removed, with `undefined`) by a path of keys. */
function withField(path: Array<string | number>, value: unknown) {
  const answer = structuredClone(displayMenuFixture()) as unknown as Record<string, unknown>;
  let target = answer as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return answer;
}

const accepts = (answer: unknown) => {
  try {
    checkDisplayMenu(answer);
    return true;
  } catch {
    return false;
  }
};

// The hand check stands in for the contract's schema on the menu page (docs/performance.md): they must agree.
const answers: Array<[string, unknown]> = [
  ['the fixture', displayMenuFixture()],
  ['an empty menu', displayMenuFixture({ menu: [] })],
  ['no token (asked by restaurant id)', withField(['restaurant', 'token'], undefined)],
  ['a located restaurant', withField(['restaurant', 'latitude'], 37.8)],
  ['a photo', withField(['menu', 0, 'image'], 'https://images.example.com/a.jpg')],
  ['not an object', 'menu'],
  ['null', null],
  ['no restaurant', withField(['restaurant'], undefined)],
  ['no menu', withField(['menu'], undefined)],
  ['a menu that is no list', withField(['menu'], {})],
  ['a text restaurant id', withField(['restaurant', 'restaurant_id'], '7')],
  ['a fractional restaurant id', withField(['restaurant', 'restaurant_id'], 7.5)],
  ['no name', withField(['restaurant', 'restaurant_name'], undefined)],
  ['a numeric phone', withField(['restaurant', 'phone'], 4155550123)],
  ['a text table count', withField(['restaurant', 'number_of_tables'], '12')],
  ['no opening hours', withField(['restaurant', 'opening_hours'], undefined)],
  ['no time zone', withField(['restaurant', 'timezone'], undefined)],
  ['a text latitude', withField(['restaurant', 'latitude'], '37.8')],
  ['an infinite longitude', withField(['restaurant', 'longitude'], Number.POSITIVE_INFINITY)],
  ['a numeric token', withField(['restaurant', 'token'], 5)],
  ['an item that is no object', withField(['menu', 0], 'pizza')],
  ['a text item id', withField(['menu', 0, 'menu_id'], '1')],
  ['no item name', withField(['menu', 0, 'item_name'], undefined)],
  ['no description', withField(['menu', 1, 'description'], undefined)],
  ['a text price', withField(['menu', 0, 'price'], '7.50')],
  ['a price that is not a number', withField(['menu', 0, 'price'], Number.NaN)],
  ['an unknown category', withField(['menu', 0, 'category'], 'Brunch')],
  ['a numeric image', withField(['menu', 0, 'image'], 3)],
  ['no image field', withField(['menu', 0, 'image'], undefined)],
  ['a text availability', withField(['menu', 0, 'available'], 'yes')],
  ['a text item restaurant id', withField(['menu', 2, 'restaurant_id'], '7')],
  ['allergens and dietary tags', withField(['menu', 0, 'allergens'], ['milk', 'eggs'])],
  ['no allergens (a server from before them)', withField(['menu', 0, 'allergens'], undefined)],
  ['no dietary tags', withField(['menu', 1, 'dietary_tags'], undefined)],
  ['an unknown allergen', withField(['menu', 0, 'allergens'], ['milk', 'nuts'])],
  ['allergens as text', withField(['menu', 0, 'allergens'], 'milk')],
  ['an unknown dietary tag', withField(['menu', 0, 'dietary_tags'], ['keto'])],
  ['option groups', withField(['menu', 0, 'option_groups'], [doneness])],
  ['no option groups (a server from before them)', withField(['menu', 0, 'option_groups'], undefined)],
  ['option groups as text', withField(['menu', 0, 'option_groups'], 'Doneness')],
  ['a group without options', withField(['menu', 0, 'option_groups'], [{ ...doneness, options: undefined }])],
  ['a text most choices', withField(['menu', 0, 'option_groups'], [{ ...doneness, max_choices: '1' }])],
  ['a fractional group id', withField(['menu', 0, 'option_groups'], [{ ...doneness, id: 1.5 }])],
  [
    'a text price delta',
    withField(['menu', 0, 'option_groups', 0], {
      ...doneness,
      options: [{ id: 1, name: 'Rare', price_delta: '1' }],
    }),
  ],
  [
    'an option without a name',
    withField(['menu', 0, 'option_groups', 0], { ...doneness, options: [{ id: 1, price_delta: 0 }] }),
  ],
];

describe('checkDisplayMenu, the menu answer checked without zod', () => {
  it.each(answers)('agrees with the contract schema on %s', (_name, answer) => {
    expect(accepts(answer)).toBe(DisplayMenuResponse.safeParse(answer).success);
  });

  it('passes a good answer through and refuses a bad one with an error', () => {
    const answer = displayMenuFixture();
    expect(checkDisplayMenu(answer)).toBe(answer);
    expect(() => checkDisplayMenu(withField(['menu', 0, 'category'], 'Brunch'))).toThrow(
      'Unexpected menu item',
    );
  });

  it('reads lists an older answer lacks as none, as the schema does', () => {
    const answer = withField(['menu', 0, 'allergens'], undefined);
    expect(checkDisplayMenu(answer).menu[0]).toMatchObject({ allergens: [], dietary_tags: [] });
    expect(checkDisplayMenu(answer)).toEqual(DisplayMenuResponse.parse(answer));
    const withoutGroups = withField(['menu', 1, 'option_groups'], undefined);
    expect(checkDisplayMenu(withoutGroups).menu[1]).toMatchObject({ option_groups: [] });
    expect(checkDisplayMenu(withoutGroups)).toEqual(DisplayMenuResponse.parse(withoutGroups));
  });
});
