import { describe, expect, it } from 'vitest';
import {
  emptyMenuItemForm,
  isMenuItemFormValid,
  nextPriceInput,
  validateMenuItemForm,
} from './menu-item-form';

const valid = {
  ...emptyMenuItemForm,
  item_name: 'Margherita',
  description: 'Tomato, mozzarella, basil',
  price: '12.5',
  category: 'MainCourse' as const,
};

describe('menu item form rules (owner-side §5)', () => {
  it('accepts a filled-in form', () => {
    expect(validateMenuItemForm(valid)).toEqual({});
    expect(isMenuItemFormValid(valid)).toBe(true);
  });

  it('requires item name, description, price and category', () => {
    expect(validateMenuItemForm(emptyMenuItemForm)).toEqual({
      item_name: 'Item name is required',
      description: 'Description is required',
      price: 'Price is required',
      category: 'Category is required',
    });
    expect(validateMenuItemForm({ ...valid, item_name: '   ' }).item_name).toBe('Item name is required');
  });

  it('caps the name at 50 characters and the description at 200', () => {
    expect(isMenuItemFormValid({ ...valid, item_name: 'a'.repeat(50) })).toBe(true);
    expect(validateMenuItemForm({ ...valid, item_name: 'a'.repeat(51) }).item_name).toBe(
      'Item name must be at most 50 characters',
    );
    expect(isMenuItemFormValid({ ...valid, description: 'a'.repeat(200) })).toBe(true);
    expect(validateMenuItemForm({ ...valid, description: 'a'.repeat(201) }).description).toBe(
      'Description must be at most 200 characters',
    );
  });

  it('takes a price of 0 or more with at most 2 decimals', () => {
    expect(isMenuItemFormValid({ ...valid, price: '0' })).toBe(true);
    expect(isMenuItemFormValid({ ...valid, price: '0.29' })).toBe(true);
    expect(validateMenuItemForm({ ...valid, price: '1.234' }).price).toBe(
      'Price can have at most 2 decimals',
    );
    expect(validateMenuItemForm({ ...valid, price: '.' }).price).toBe('Price is required');
  });

  it('ignores input that is not a price, such as a minus sign', () => {
    expect(nextPriceInput('12', '12-')).toBe('12');
    expect(nextPriceInput('', '-')).toBe('');
    expect(nextPriceInput('', '-5')).toBe('');
    expect(nextPriceInput('4', '4a')).toBe('4');
    expect(nextPriceInput('4', '4.')).toBe('4.');
    expect(nextPriceInput('4.5', '4.50')).toBe('4.50');
    expect(nextPriceInput('4.50', '')).toBe('');
  });
});
