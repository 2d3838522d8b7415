import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GoogleMaps } from './google-maps';

type Loader = typeof import('./google-maps');

/** The loader keeps one promise per page, so every test starts from a freshly imported module. */
let loader: Loader;
beforeEach(async () => {
  vi.resetModules();
  loader = await import('./google-maps');
});
afterEach(() => {
  for (const script of mapsScripts()) script.remove();
  delete window.google;
  delete window.__tableserveGoogleMapsReady;
  delete window.gm_authFailure;
  vi.restoreAllMocks();
});

const mapsScripts = () =>
  [...document.head.querySelectorAll('script')].filter((script) =>
    script.src.startsWith('https://maps.googleapis.com/'),
  );

/** Waits for the loader's next script tag (jsdom never fetches it; the test plays Google). */
const nextScript = () =>
  vi.waitFor(() => {
    const [script, ...others] = mapsScripts();
    if (!script || others.length > 0)
      throw new Error(`expected one maps script, found ${mapsScripts().length}`);
    return script;
  });

const fakeMaps = (): GoogleMaps => ({
  places: {
    Autocomplete: class {
      addListener() {
        return { remove() {} };
      }
      getPlace() {
        return {};
      }
    },
  },
});

/** What Google's script does once it has run: define google.maps, then call the URL's callback. */
function answerAsGoogle(script: HTMLScriptElement, maps: GoogleMaps) {
  window.google = { maps };
  const callback = new URL(script.src).searchParams.get('callback');
  expect(callback).toBe('__tableserveGoogleMapsReady');
  window.__tableserveGoogleMapsReady?.();
}

describe('loadGoogleMaps (docs/product/api-conventions.md#api-calls, docs/product/staff-screens.md#order-summary: the maps script and its loader)', () => {
  it('asks for the places library, async loading, a callback, English, region US and the weekly version', async () => {
    const loading = loader.loadGoogleMaps('browser-key');
    const script = await nextScript();
    const url = new URL(script.src);
    expect(`${url.origin}${url.pathname}`).toBe('https://maps.googleapis.com/maps/api/js');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      key: 'browser-key',
      libraries: 'places',
      loading: 'async',
      callback: '__tableserveGoogleMapsReady',
      language: 'en',
      region: 'US',
      v: 'weekly',
    });
    expect(script.async).toBe(true);
    const maps = fakeMaps();
    answerAsGoogle(script, maps);
    await expect(loading).resolves.toBe(maps);
  });

  it('injects the script once, however many callers ask', async () => {
    const first = loader.loadGoogleMaps('browser-key');
    const second = loader.loadGoogleMaps('browser-key');
    expect(second).toBe(first);
    answerAsGoogle(await nextScript(), fakeMaps());
    await first;
    expect(mapsScripts()).toHaveLength(1);
  });

  it('uses an API already on the page without injecting anything', async () => {
    const maps = fakeMaps();
    window.google = { maps };
    await expect(loader.loadGoogleMaps('browser-key')).resolves.toBe(maps);
    expect(mapsScripts()).toHaveLength(0);
  });

  it('asks for the places library when the callback comes before it', async () => {
    const places = fakeMaps().places;
    const maps: GoogleMaps = {
      importLibrary: vi.fn(async () => {
        maps.places = places;
        return places;
      }),
    };
    const loading = loader.loadGoogleMaps('browser-key');
    answerAsGoogle(await nextScript(), maps);
    await expect(loading).resolves.toBe(maps);
    expect(maps.importLibrary).toHaveBeenCalledWith('places');
  });

  it('retries a failed script 3 times, then rejects and logs once', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const outcome = loader.loadGoogleMaps('browser-key').then(
      () => 'loaded',
      (error: unknown) => error,
    );
    const attempts: HTMLScriptElement[] = [];
    for (let attempt = 0; attempt < 1 + loader.GOOGLE_MAPS_RETRIES; attempt++) {
      const script = await nextScript();
      attempts.push(script);
      script.dispatchEvent(new Event('error'));
    }
    expect(await outcome).toEqual(new Error('The Google Maps script failed to load'));
    expect(new Set(attempts).size).toBe(4);
    expect(new Set(attempts.map((script) => script.src)).size).toBe(1);
    expect(mapsScripts()).toHaveLength(0);
    expect(consoleError).toHaveBeenCalledTimes(1);

    // The failure is kept for the page's life: no fifth script, no second log.
    await expect(loader.loadGoogleMaps('browser-key')).rejects.toThrow('failed to load');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mapsScripts()).toHaveLength(0);
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it('loads on a retry after a failed attempt', async () => {
    const loading = loader.loadGoogleMaps('browser-key');
    (await nextScript()).dispatchEvent(new Event('error'));
    (await nextScript()).dispatchEvent(new Event('error'));
    const maps = fakeMaps();
    answerAsGoogle(await nextScript(), maps);
    await expect(loading).resolves.toBe(maps);
  });

  it("passes on Google's refusal of the key, also to listeners that come later", async () => {
    const early = vi.fn();
    const stop = loader.onGoogleMapsAuthFailure(early);
    const stopped = vi.fn();
    loader.onGoogleMapsAuthFailure(stopped)();
    window.gm_authFailure?.();
    expect(early).toHaveBeenCalledTimes(1);
    expect(stopped).not.toHaveBeenCalled();
    const late = vi.fn();
    loader.onGoogleMapsAuthFailure(late);
    expect(late).toHaveBeenCalledTimes(1);
    stop();
  });
});
