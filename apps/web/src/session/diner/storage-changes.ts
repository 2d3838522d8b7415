/**
 * Change notices for a value kept in localStorage, in the shape useSyncExternalStore wants.
 * Storage events only reach other tabs, so this tab's own changes are announced with an event
 * of their own (`eventName`); a subscriber hears both.
 */
export function storageChanges(eventName: string) {
  return {
    /** Tells this tab's subscribers that the stored value changed. */
    announce(): void {
      window.dispatchEvent(new Event(eventName));
    },
    /** Stable across renders (made once per store), as useSyncExternalStore requires. */
    subscribe(onChange: () => void): () => void {
      window.addEventListener(eventName, onChange);
      window.addEventListener('storage', onChange);
      return () => {
        window.removeEventListener(eventName, onChange);
        window.removeEventListener('storage', onChange);
      };
    },
  };
}
