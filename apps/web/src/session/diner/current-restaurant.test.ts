import { afterEach, describe, expect, it } from 'vitest';
import {
  readCurrentRestaurant,
  readCurrentRestaurantId,
  readMenuToken,
  saveCurrentRestaurant,
} from './current-restaurant';

const hours = { open: '11:00', close: '22:00', closing_day: 'monday' as const, pickup: true };
const restaurant = {
  restaurant_id: 7,
  restaurant_name: 'Casa',
  name: 'Casa',
  description: '',
  address: '1 Main St',
  city: 'Austin',
  state: 'TX',
  phone: '5551234567',
  restaurant_type: 'Mexican',
  number_of_tables: 12,
  opening_hours: {
    monday: hours,
    tuesday: hours,
    wednesday: hours,
    thursday: hours,
    friday: hours,
    saturday: hours,
    sunday: hours,
  },
  timezone: 'America/Chicago',
  latitude: null,
  longitude: null,
};

afterEach(() => localStorage.clear());

describe('the current restaurant', () => {
  it("stores the id, details and menu token under the spec's keys", () => {
    saveCurrentRestaurant({ ...restaurant, token: 'tok_abc' });
    expect(localStorage.getItem('restaurant_id')).toBe('7');
    expect(localStorage.getItem('current_restaurant_id')).toBe('7');
    expect(localStorage.getItem('token')).toBe('tok_abc');
    expect(readCurrentRestaurantId()).toBe(7);
    expect(readMenuToken()).toBe('tok_abc');
    expect(readCurrentRestaurant()).toMatchObject({
      restaurant_name: 'Casa',
      number_of_tables: 12,
      token: 'tok_abc',
    });
  });

  it('ignores details that are not a restaurant', () => {
    localStorage.setItem('current_restaurant_details', '{"restaurant_id":"x"}');
    expect(readCurrentRestaurant()).toBeNull();
    localStorage.setItem('current_restaurant_id', 'abc');
    expect(readCurrentRestaurantId()).toBeNull();
  });
});
