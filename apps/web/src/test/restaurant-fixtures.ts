import type { Restaurant } from '@tableserve/contract/restaurant';
import { defaultOpeningHours } from '@/lib/opening-hours';

/** The owner's restaurant as GET /restaurant/get-restaurant answers it. */
export function restaurantFixture(overrides: Partial<Restaurant> = {}): Restaurant {
  return {
    restaurant_id: 7,
    restaurant_name: 'Trattoria Rossi',
    name: 'Trattoria Rossi',
    description: 'Fresh pasta every day.',
    address: '12 Market Street',
    city: 'Springfield',
    state: 'IL',
    phone: '5551234567',
    restaurant_type: 'Italian',
    number_of_tables: 14,
    opening_hours: defaultOpeningHours(),
    timezone: 'America/Chicago',
    latitude: null,
    longitude: null,
    email: 'hello@trattoria.example',
    country: 'United States',
    zip_code: '62701',
    user_id: 42,
    token: 'menu-token',
    ...overrides,
  };
}
