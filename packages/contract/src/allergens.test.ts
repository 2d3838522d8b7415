import { describe, expect, it } from 'vitest';
import {
  ALLERGENS,
  allergenLabels,
  allergenNames,
  containsLine,
  DIETARY_TAGS,
  dietaryConflict,
} from './allergens';
import { MenuItem, MenuItemBody } from './menu';

const body = { item_name: 'Satay', description: 'Skewers', price: 9, category: 'Starter', restaurant_id: 1 };

describe('allergens and dietary tags', () => {
  it('lists the 14 major allergens and 4 tags, each with a label', () => {
    expect(ALLERGENS).toHaveLength(14);
    expect(new Set(ALLERGENS).size).toBe(14);
    expect(DIETARY_TAGS).toEqual(['vegetarian', 'vegan', 'gluten_free', 'spicy']);
    for (const allergen of ALLERGENS) {
      expect(allergenLabels[allergen]).toBeTruthy();
      expect(allergenNames[allergen]).toMatch(/^[a-z ]+$/);
    }
  });

  it('writes the Contains line in the law’s order, and nothing for none', () => {
    expect(containsLine(['milk', 'eggs', 'tree_nuts'])).toBe('Contains: eggs, milk, tree nuts');
    expect(containsLine([])).toBe('');
  });

  it('finds a tag the allergens contradict', () => {
    expect(dietaryConflict(['vegan'], ['milk'])).toEqual({ tag: 'vegan', allergen: 'milk' });
    expect(dietaryConflict(['vegetarian'], ['milk', 'eggs'])).toBeUndefined();
    expect(dietaryConflict(['vegetarian'], ['crustaceans'])).toEqual({
      tag: 'vegetarian',
      allergen: 'crustaceans',
    });
    expect(dietaryConflict(['gluten_free', 'spicy'], ['gluten'])).toEqual({
      tag: 'gluten_free',
      allergen: 'gluten',
    });
    expect(dietaryConflict(['spicy'], [...ALLERGENS])).toBeUndefined();
  });

  it('leaves them out of a body that has none, and puts a set in order without repeats', () => {
    const plain = MenuItemBody.parse(body);
    expect(plain.allergens).toBeUndefined();
    expect(plain.dietary_tags).toBeUndefined();
    expect(MenuItemBody.parse({ ...body, allergens: ['sesame', 'celery', 'sesame'] }).allergens).toEqual([
      'celery',
      'sesame',
    ]);
  });

  it('reads an item from before allergens as having none', () => {
    const item = { ...body, menu_id: 1, category: 'Starter', image: null, available: true };
    expect(MenuItem.parse(item)).toMatchObject({ allergens: [], dietary_tags: [] });
  });
});
