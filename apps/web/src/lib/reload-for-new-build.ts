import { sessionKeys, sessionStore } from './storage';

/**
 * What a browser says when a script or stylesheet of a lazy chunk is gone: Chromium, WebKit,
 * Firefox, and Vite's preload of a chunk's stylesheet. A chunk that loads but throws says
 * something else, and a reload would not help it.
 */
const MISSING_CHUNK = [
  'Failed to fetch dynamically imported module',
  'Importing a module script failed',
  'error loading dynamically imported module',
  'Unable to preload CSS',
];

export function isMissingChunk(error: unknown): boolean {
  return error instanceof Error && MISSING_CHUNK.some((text) => error.message.includes(text));
}

/** The browser's reload, apart so that a test sees it asked for (jsdom cannot navigate). */
export const browser = { reload: () => window.location.reload() };

/** The build this page runs, named by its entry script's hashed URL: every deploy changes it. */
function runningBuild(): string {
  return document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? '';
}

let reloading = false;

/**
 * A page opened before a deploy asks for a chunk the deploy has since pruned: reloading loads
 * the new build, and the diner carries on where they were (the cart and the order live in
 * localStorage, the address is the page they were going to). Once per build: a page of the
 * build it reloaded for that still misses a chunk is a real outage, and shows the error page
 * instead of reloading again and again (docs/product/web-app.md#new-build).
 *
 * Answers whether the page is reloading; true again to every later caller while it does.
 */
export function reloadForNewBuild(): boolean {
  if (reloading) return true;
  const build = runningBuild();
  try {
    if (sessionStore.get(sessionKeys.reloadedForBuild) === build) return false;
    sessionStore.set(sessionKeys.reloadedForBuild, build);
  } catch {
    // Without storage nothing would stop a loop: the error page it is.
    return false;
  }
  reloading = true;
  browser.reload();
  return true;
}
