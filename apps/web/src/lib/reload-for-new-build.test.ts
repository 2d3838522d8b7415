import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localKeys, localStore } from './storage';

/** The page as a build serves it: its entry script names the build. */
function runBuild(entry: string) {
  document.head.replaceChildren();
  const script = document.createElement('script');
  script.type = 'module';
  script.setAttribute('src', `/assets/${entry}`);
  document.head.append(script);
}

/** A fresh page load: the module's state starts over, sessionStorage stays (the same tab). */
async function loadPage(entry: string) {
  runBuild(entry);
  vi.resetModules();
  const guard = await import('./reload-for-new-build');
  const reload = vi.spyOn(guard.browser, 'reload').mockImplementation(() => undefined);
  return { ...guard, reload };
}

beforeEach(() => runBuild('index-A.js'));
afterEach(() => document.head.replaceChildren());

describe('isMissingChunk', () => {
  it('knows a missing chunk in Chromium, WebKit and Firefox, and a stylesheet Vite could not preload', async () => {
    const { isMissingChunk } = await loadPage('index-A.js');
    for (const message of [
      'Failed to fetch dynamically imported module: https://tableserve.test/assets/order-status-Bx1.js',
      'Importing a module script failed.',
      'error loading dynamically imported module: https://tableserve.test/assets/cart-C2.js',
      'Unable to preload CSS for https://tableserve.test/assets/cart-C2.css',
    ]) {
      expect(isMissingChunk(new TypeError(message)), message).toBe(true);
    }
  });

  it('leaves other errors alone: a chunk that loads and throws is not cured by a reload', async () => {
    const { isMissingChunk } = await loadPage('index-A.js');
    expect(isMissingChunk(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isMissingChunk('Failed to fetch dynamically imported module')).toBe(false);
    expect(isMissingChunk(undefined)).toBe(false);
  });
});

describe('reloadForNewBuild', () => {
  it('reloads the page once, and answers that it is reloading to every later caller', async () => {
    const { reloadForNewBuild, reload } = await loadPage('index-A.js');
    expect(reloadForNewBuild()).toBe(true);
    expect(reloadForNewBuild()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload the same build twice: a chunk still missing after the reload shows the error', async () => {
    const first = await loadPage('index-A.js');
    expect(first.reloadForNewBuild()).toBe(true);

    // The reload got the same build back: its chunks are missing for another reason than a deploy.
    const again = await loadPage('index-A.js');
    expect(again.reloadForNewBuild()).toBe(false);
    expect(again.reload).not.toHaveBeenCalled();
  });

  it('reloads again for the next deploy, once the tab runs a newer build', async () => {
    expect((await loadPage('index-A.js')).reloadForNewBuild()).toBe(true);

    const next = await loadPage('index-B.js');
    expect(next.reloadForNewBuild()).toBe(true);
    expect(next.reload).toHaveBeenCalledTimes(1);
  });

  it("keeps the diner's cart and order: the reload touches no storage but its own key", async () => {
    localStore.set(localKeys.currentCart, '[{"id":7,"quantity":2}]');
    localStore.set(localKeys.orderId, '42');
    const { reloadForNewBuild } = await loadPage('index-A.js');
    reloadForNewBuild();
    expect(localStore.get(localKeys.currentCart)).toBe('[{"id":7,"quantity":2}]');
    expect(localStore.get(localKeys.orderId)).toBe('42');
  });

  it('shows the error rather than risk a loop when the tab cannot keep its guard', async () => {
    const { reloadForNewBuild, reload } = await loadPage('index-A.js');
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      expect(reloadForNewBuild()).toBe(false);
      expect(reload).not.toHaveBeenCalled();
    } finally {
      setItem.mockRestore();
    }
  });
});
