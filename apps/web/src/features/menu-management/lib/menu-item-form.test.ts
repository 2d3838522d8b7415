import { describe, expect, it } from 'vitest';
import {
  emptyMenuItemForm,
  isMenuItemFormValid,
  menuItemFields,
  nextPriceInput,
  nextStockInput,
  validateMenuItemForm,
} from './menu-item-form';

const valid = {
  ...emptyMenuItemForm,
  item_name: 'Margherita',
  description: 'Tomato, mozzarella, basil',
  price: '12.5',
  category: 'MainCourse' as const,
};

describe('menu item form rules (docs/product/menu.md#menu-management)', () => {
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

  it('takes portions left as whole digits, empty for not counted, up to 10000', () => {
    expect(isMenuItemFormValid({ ...valid, stock: '' })).toBe(true);
    expect(isMenuItemFormValid({ ...valid, stock: '0' })).toBe(true);
    expect(isMenuItemFormValid({ ...valid, stock: '10000' })).toBe(true);
    expect(validateMenuItemForm({ ...valid, stock: '10001' }).stock).toBe(
      'Stock must be a whole number from 0 to 10000',
    );
    expect(nextStockInput('4', '4-')).toBe('4');
    expect(nextStockInput('4', '4.5')).toBe('4');
    expect(nextStockInput('', '-1')).toBe('');
    expect(nextStockInput('1', '12')).toBe('12');
    expect(nextStockInput('12', '')).toBe('');
  });

  it('sends the count only when the owner changed it: orders take from it while the form is open', () => {
    const opened = { ...valid, stock: '8' };
    expect(menuItemFields(opened, 7, opened)).not.toHaveProperty('stock');
    expect(menuItemFields({ ...opened, stock: '12' }, 7, opened)).toMatchObject({ stock: 12 });
    expect(menuItemFields({ ...opened, stock: '' }, 7, opened)).toMatchObject({ stock: null });
    // A new dish sends a count only when one was typed.
    expect(menuItemFields(valid, 7)).not.toHaveProperty('stock');
    expect(menuItemFields({ ...valid, stock: '0' }, 7)).toMatchObject({ stock: 0 });
  });
});
