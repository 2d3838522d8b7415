import type { Allergen } from '@tableserve/contract/allergens';
import { useState } from 'react';
import { readAllergenFilter, saveAllergenFilter } from '../lib/allergen-filter';

/** The allergens the diner avoids, read once from the visit's storage and saved on each change. */
export function useAllergenFilter() {
  const [avoided, setAvoided] = useState<Allergen[]>(readAllergenFilter);
  const change = (next: Allergen[]) => {
    setAvoided(next);
    saveAllergenFilter(next);
  };
  return { avoided, change, clear: () => change([]) };
}
