import { useCallback, useState } from 'react';
import { localStore } from '@/lib/storage';
import { type Ageing, parseAgeing } from '../lib/kitchen-ageing';

/** The minutes after which this tablet's cards turn amber and red, kept on the device. */
export function useKitchenAgeing() {
  const [ageing, setAgeing] = useState<Ageing>(() => parseAgeing(localStore.get('kitchenAgeing')));
  const save = useCallback((next: Ageing) => {
    localStore.set('kitchenAgeing', JSON.stringify(next));
    setAgeing(next);
  }, []);
  return { ageing, save };
}
