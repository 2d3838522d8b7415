import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a new order's card stands out on the kitchen's grid. */
export const NEW_ORDER_HIGHLIGHT_MS = 10_000;

/** The orders that arrived in the last few seconds, which their cards mark as new. */
export function useKitchenHighlights(durationMs: number = NEW_ORDER_HIGHLIGHT_MS) {
  const [newOrderIds, setNewOrderIds] = useState<ReadonlySet<number>>(() => new Set());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const highlight = useCallback(
    (orderId: number) => {
      clearTimeout(timers.current.get(orderId));
      setNewOrderIds((current) => (current.has(orderId) ? current : new Set(current).add(orderId)));
      timers.current.set(
        orderId,
        setTimeout(() => {
          timers.current.delete(orderId);
          setNewOrderIds((current) => {
            const next = new Set(current);
            next.delete(orderId);
            return next;
          });
        }, durationMs),
      );
    },
    [durationMs],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return { newOrderIds, highlight };
}
