/**
 * Loads the Google Maps JavaScript API (docs/product/platform.md#maps: callback, loading=async,
 * key, libraries, language, region, version; English and US by default; the loader retries 3
 * times). Only the small part of the API this app uses is typed here, by hand, instead of pulling
 * in @types/google.maps.
 */

export type LatLng = { lat(): number; lng(): number };

export type AddressComponent = { long_name: string; short_name: string; types: string[] };

/** What Autocomplete#getPlace() returns; a typed text that matched no suggestion has only `name`. */
export type PlaceResult = {
  address_components?: AddressComponent[];
  geometry?: { location?: LatLng };
  formatted_address?: string;
  name?: string;
};

export type AutocompleteOptions = { fields?: string[]; types?: string[] };

export type MapsEventListener = { remove(): void };

export interface PlacesAutocomplete {
  addListener(eventName: 'place_changed', handler: () => void): MapsEventListener;
  getPlace(): PlaceResult;
}

export type GoogleMaps = {
  places?: {
    Autocomplete: new (input: HTMLInputElement, options?: AutocompleteOptions) => PlacesAutocomplete;
  };
  event?: { clearInstanceListeners(instance: object): void };
  importLibrary?: (name: 'places') => Promise<unknown>;
};

/** The loaded API, with its places library present. */
export type GoogleMapsWithPlaces = GoogleMaps & { places: NonNullable<GoogleMaps['places']> };

const CALLBACK = '__tableserveGoogleMapsReady';

declare global {
  interface Window {
    google?: { maps?: GoogleMaps };
    /** The loader's callback=…, named in the script URL. */
    __tableserveGoogleMapsReady?: () => void;
    /** Called by the Maps API when it refuses the key (wrong referrer, API not enabled, billing). */
    gm_authFailure?: () => void;
  }
}

/** Retries after the first failed attempt, as Google's own js-api-loader does by default. */
export const GOOGLE_MAPS_RETRIES = 3;

export function googleMapsScriptUrl(key: string): string {
  const params = new URLSearchParams({
    key,
    libraries: 'places',
    loading: 'async',
    callback: CALLBACK,
    language: 'en',
    region: 'US',
    v: 'weekly',
  });
  return `https://maps.googleapis.com/maps/api/js?${params}`;
}

function withPlaces(maps: GoogleMaps | undefined): GoogleMapsWithPlaces | undefined {
  return maps?.places ? (maps as GoogleMapsWithPlaces) : undefined;
}

/** One script tag: resolves from Google's callback, rejects on a network or HTTP error. */
function injectScript(key: string): Promise<GoogleMaps> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = googleMapsScriptUrl(key);
    script.async = true;
    window[CALLBACK] = () => {
      delete window[CALLBACK];
      const maps = window.google?.maps;
      if (maps) resolve(maps);
      else reject(new Error('The Google Maps script called back without google.maps'));
    };
    script.addEventListener('error', () => {
      // A failed tag is removed so the retry's tag is the only one on the page.
      script.remove();
      reject(new Error('The Google Maps script failed to load'));
    });
    document.head.appendChild(script);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function loadWithRetries(key: string): Promise<GoogleMapsWithPlaces> {
  for (let failures = 0; ; failures++) {
    try {
      const maps = await injectScript(key);
      // With loading=async the places library may still be on its way; ask for it explicitly.
      if (!maps.places && maps.importLibrary) await maps.importLibrary('places');
      const ready = withPlaces(maps);
      if (!ready) throw new Error('The Google Maps places library is missing');
      return ready;
    } catch (error) {
      if (failures >= GOOGLE_MAPS_RETRIES) throw error;
      // The same growing back-off as js-api-loader: 2, 8, 24 ms.
      const attempt = failures + 1;
      await pause(attempt * 2 ** attempt);
    }
  }
}

const authFailureListeners = new Set<() => void>();
let authFailed = false;

function notifyAuthFailure() {
  authFailed = true;
  for (const notify of authFailureListeners) notify();
}

/**
 * Tells the listener (at once, if it already happened) that Google refused the key after its
 * script loaded: a referrer the key does not allow, an API not enabled. Google then calls
 * window.gm_authFailure and turns the input into its own grey error box.
 */
export function onGoogleMapsAuthFailure(listener: () => void): () => void {
  window.gm_authFailure = notifyAuthFailure;
  if (authFailed) {
    listener();
    return () => {};
  }
  authFailureListeners.add(listener);
  return () => authFailureListeners.delete(listener);
}

let loading: Promise<GoogleMapsWithPlaces> | undefined;

/**
 * The Maps API with its places library, loaded once per page: every caller shares one promise, a
 * failure included (logged once; the address stays plain fields until the next visit). An API
 * already on the page is used as it is.
 */
export function loadGoogleMaps(key: string): Promise<GoogleMapsWithPlaces> {
  const present = withPlaces(window.google?.maps);
  if (present) return Promise.resolve(present);
  if (!loading) {
    window.gm_authFailure = notifyAuthFailure;
    loading = loadWithRetries(key).catch((error: unknown) => {
      console.error('Google Maps could not be loaded; addresses are typed by hand.', error);
      throw error;
    });
  }
  return loading;
}
