import { ALLERGENS, type Allergen } from '@tableserve/contract/allergens';
import type { MenuItem } from '@tableserve/contract/menu';
import { sessionKeys, sessionStore } from '@/lib/storage';

/**
 * The diner's allergen filter (docs/decisions/012-allergens-and-dietary-tags.md): the allergens whose dishes are hidden, kept in
 * sessionStorage so they last the visit (the tab), and forgotten with it.
 */
export function readAllergenFilter(): Allergen[] {
  try {
    const stored: unknown = JSON.parse(sessionStore.get(sessionKeys.allergenFilter) ?? '[]');
    // Whatever else the key holds (an older format, a hand edit) is dropped, never trusted.
    return Array.isArray(stored) ? ALLERGENS.filter((allergen) => stored.includes(allergen)) : [];
  } catch {
    return [];
  }
}

export function saveAllergenFilter(avoided: readonly Allergen[]) {
  try {
    if (avoided.length === 0) sessionStore.remove(sessionKeys.allergenFilter);
    else sessionStore.set(sessionKeys.allergenFilter, JSON.stringify(avoided));
  } catch {
    // Storage full or blocked (private mode): the filter still works until the page is left.
  }
}

/** The dishes to show: none that contains an avoided allergen; and how many were left out. */
export function withoutAllergens(menu: readonly MenuItem[], avoided: readonly Allergen[]) {
  if (avoided.length === 0) return { shown: [...menu], hiddenCount: 0 };
  const shown = menu.filter((item) => !item.allergens.some((allergen) => avoided.includes(allergen)));
  return { shown, hiddenCount: menu.length - shown.length };
}

export const allergenFilterTexts = {
  button: 'Allergens',
  /** After the count on the button, for screen readers: "Allergens 2 chosen". */
  chosen: 'chosen',
  title: 'Hide dishes with allergens',
  lead: 'Tick what you need to avoid. Dishes listed as containing any of them are hidden from the menu.',
  caution:
    'The restaurant lists the 14 major allergens for each dish. If your allergy is severe, please also ask the staff.',
  hidden: (count: number) =>
    `${count} ${count === 1 ? 'dish is' : 'dishes are'} hidden because of your allergen filter.`,
  everythingHidden: 'Every dish on this menu contains an allergen you chose.',
  clear: 'Clear filter',
  done: (shown: number) => `Show ${shown} ${shown === 1 ? 'dish' : 'dishes'}`,
} as const;
