import type {
  AddressComponent,
  AutocompleteOptions,
  GoogleMaps,
  MapsEventListener,
  PlaceResult,
  PlacesAutocomplete,
} from '@/lib/google-maps';

/**
 * A stand-in for the Google Maps JavaScript API, which cannot be reached from tests. It speaks the
 * real shape: `new google.maps.places.Autocomplete(input, options)`, `addListener('place_changed')`
 * and `getPlace()`; `choose(place)` does what Google does when the owner clicks a suggestion.
 */
export class FakeAutocomplete implements PlacesAutocomplete {
  private place: PlaceResult = {};
  readonly listeners: Array<() => void> = [];
  constructor(
    readonly input: HTMLInputElement,
    readonly options?: AutocompleteOptions,
  ) {}

  addListener(eventName: 'place_changed', handler: () => void): MapsEventListener {
    if (eventName !== 'place_changed') throw new Error(`unexpected event ${eventName}`);
    this.listeners.push(handler);
    return {
      remove: () => {
        const index = this.listeners.indexOf(handler);
        if (index >= 0) this.listeners.splice(index, 1);
      },
    };
  }

  getPlace(): PlaceResult {
    return this.place;
  }

  choose(place: PlaceResult) {
    this.input.value = place.formatted_address ?? place.name ?? '';
    this.place = place;
    for (const listener of [...this.listeners]) listener();
  }
}

/** Puts the fake on window.google, as Google's script does; `remove` takes it away again. */
export function installFakeGoogleMaps() {
  const autocompletes: FakeAutocomplete[] = [];
  const maps: GoogleMaps = {
    places: {
      Autocomplete: class extends FakeAutocomplete {
        constructor(input: HTMLInputElement, options?: AutocompleteOptions) {
          super(input, options);
          autocompletes.push(this);
        }
      },
    },
    event: { clearInstanceListeners: () => {} },
  };
  window.google = { maps };
  return {
    maps,
    autocompletes,
    /** The one Autocomplete the page attached. */
    only(): FakeAutocomplete {
      if (autocompletes.length !== 1) throw new Error(`expected 1 Autocomplete, got ${autocompletes.length}`);
      return autocompletes[0]!;
    },
    remove() {
      delete window.google;
    },
  };
}

export const addressPart = (long_name: string, short_name: string, ...types: string[]): AddressComponent => ({
  long_name,
  short_name,
  types,
});

/** A place as Google returns it for a picked street address. */
export function googlePlace({
  components,
  lat,
  lng,
  formatted,
}: {
  components: AddressComponent[];
  lat?: number;
  lng?: number;
  formatted?: string;
}): PlaceResult {
  return {
    address_components: components,
    formatted_address: formatted,
    geometry:
      lat === undefined || lng === undefined ? undefined : { location: { lat: () => lat, lng: () => lng } },
  };
}

export const springfieldPlace = googlePlace({
  formatted: '12 Market St, Springfield, IL 62701, USA',
  lat: 39.7998,
  lng: -89.6441,
  components: [
    addressPart('12', '12', 'street_number'),
    addressPart('Market Street', 'Market St', 'route'),
    addressPart('Downtown', 'Downtown', 'neighborhood', 'political'),
    addressPart('Springfield', 'Springfield', 'locality', 'political'),
    addressPart('Sangamon County', 'Sangamon County', 'administrative_area_level_2', 'political'),
    addressPart('Illinois', 'IL', 'administrative_area_level_1', 'political'),
    addressPart('United States', 'US', 'country', 'political'),
    addressPart('62701', '62701', 'postal_code'),
  ],
});
