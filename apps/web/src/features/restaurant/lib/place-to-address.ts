import type { AddressComponent, PlaceResult } from '@/lib/google-maps';

/** The address fields a picked place fills (docs/product/restaurant-setup.md#create-restaurant). */
export type PickedAddress = {
  address: string;
  city: string;
  state: string;
  country: string;
  zip_code: string;
  latitude: number | null;
  longitude: number | null;
};

function component(place: PlaceResult, types: string[], name: 'long_name' | 'short_name' = 'long_name') {
  for (const type of types) {
    const found = place.address_components?.find((part: AddressComponent) => part.types.includes(type));
    if (found) return found[name];
  }
  return '';
}

/**
 * A Places result as the create form's fields. Google names the town differently by country
 * (locality; postal_town in the UK; only a sublocality in Brooklyn or Queens), so the first one
 * present wins. The state is its short code (IL), as owners type it. Null when the owner pressed
 * Enter on text that matched no suggestion: Google then returns only a name.
 */
export function placeToAddress(place: PlaceResult): PickedAddress | null {
  if (!place.address_components?.length) return null;
  const location = place.geometry?.location;
  return {
    address: [component(place, ['street_number']), component(place, ['route'])].filter(Boolean).join(' '),
    city: component(place, ['locality', 'postal_town', 'sublocality_level_1', 'sublocality']),
    state: component(place, ['administrative_area_level_1'], 'short_name'),
    country: component(place, ['country']),
    zip_code: component(place, ['postal_code']),
    latitude: location ? location.lat() : null,
    longitude: location ? location.lng() : null,
  };
}
