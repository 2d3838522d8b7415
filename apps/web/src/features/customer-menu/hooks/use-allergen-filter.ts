import type { Allergen } from '@tableserve/contract/allergens';
import { useMemo, useState } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { readAllergenFilter, saveAllergenFilter } from '../lib/allergen-filter';

const NONE: Allergen[] = [];

/**
 * The allergens the diner avoids, read once from the visit's storage and saved on each change.
 * A menu painted by the server shows every dish until hydrated, then the diner's filter.
 */
export function useAllergenFilter() {
  const hydrated = useHydrated();
  const stored = useMemo(() => (hydrated ? readAllergenFilter() : NONE), [hydrated]);
  const [chosen, setChosen] = useState<Allergen[] | null>(null);
  const change = (next: Allergen[]) => {
    setChosen(next);
    saveAllergenFilter(next);
  };
  return { avoided: chosen ?? stored, change, clear: () => change([]) };
}
