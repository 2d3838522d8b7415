/**
 * Whether anything on the page can raise a toast yet: set once by the first module that imports
 * react-toastify (lib/react-toastify.ts), read by the app's ToastHost, which loads the toast
 * container then and not before. A page that raises none, like the diner's menu, never downloads
 * it (docs/performance.md); a toast raised before the container is up waits in react-toastify's queue.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function markToastsWanted(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function subscribeToastsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const toastsWanted = (): boolean => wanted;
