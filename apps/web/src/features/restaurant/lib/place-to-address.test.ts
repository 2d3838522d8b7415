import { describe, expect, it } from 'vitest';
import { addressPart, googlePlace, springfieldPlace } from '../testing/fake-google-maps';
import { placeToAddress } from './place-to-address';

describe('placeToAddress (docs/product/restaurant-setup.md#restaurant: a places search fills the address)', () => {
  it('fills street, city, state code, country, zip code and coordinates', () => {
    expect(placeToAddress(springfieldPlace)).toEqual({
      address: '12 Market Street',
      city: 'Springfield',
      state: 'IL',
      country: 'United States',
      zip_code: '62701',
      latitude: 39.7998,
      longitude: -89.6441,
    });
  });

  it('takes the postal town when there is no locality (UK)', () => {
    const place = googlePlace({
      lat: 51.5033,
      lng: -0.1196,
      components: [
        addressPart('221B', '221B', 'street_number'),
        addressPart('Baker Street', 'Baker St', 'route'),
        addressPart('London', 'London', 'postal_town'),
        addressPart('England', 'England', 'administrative_area_level_1', 'political'),
        addressPart('United Kingdom', 'GB', 'country', 'political'),
        addressPart('NW1 6XE', 'NW1 6XE', 'postal_code'),
      ],
    });
    expect(placeToAddress(place)).toMatchObject({
      address: '221B Baker Street',
      city: 'London',
      state: 'England',
      country: 'United Kingdom',
      zip_code: 'NW1 6XE',
    });
  });

  it('takes the sublocality when that is all there is (Brooklyn)', () => {
    const place = googlePlace({
      components: [
        addressPart('Brooklyn', 'Brooklyn', 'sublocality_level_1', 'sublocality', 'political'),
        addressPart('Kings County', 'Kings County', 'administrative_area_level_2', 'political'),
        addressPart('New York', 'NY', 'administrative_area_level_1', 'political'),
        addressPart('United States', 'US', 'country', 'political'),
      ],
    });
    expect(placeToAddress(place)).toEqual({
      address: '',
      city: 'Brooklyn',
      state: 'NY',
      country: 'United States',
      zip_code: '',
      latitude: null,
      longitude: null,
    });
  });

  it('keeps the route alone when the place has no street number', () => {
    const place = googlePlace({ components: [addressPart('Market Street', 'Market St', 'route')] });
    expect(placeToAddress(place)?.address).toBe('Market Street');
  });

  it('is null for typed text that matched no suggestion (Google returns only a name)', () => {
    expect(placeToAddress({ name: '12 Market' })).toBeNull();
    expect(placeToAddress({ address_components: [] })).toBeNull();
  });
});
