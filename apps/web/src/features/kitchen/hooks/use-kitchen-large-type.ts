import { useCallback, useState } from 'react';
import { localStore } from '@/lib/storage';

/** Whether this tablet shows the board in large type, kept on the device (a wall tablet keeps it). */
export function useKitchenLargeType() {
  const [largeType, setLargeType] = useState(() => localStore.get('kitchenLargeType') === 'on');
  const toggle = useCallback(() => {
    setLargeType((was) => {
      localStore.set('kitchenLargeType', was ? 'off' : 'on');
      return !was;
    });
  }, []);
  return { largeType, toggle };
}
