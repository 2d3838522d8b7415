import { useCallback, useEffect, useRef, useState } from 'react';
import type { BannerMessage } from '@/lib/banner-message';

/**
 * A banner message that can hide itself after a while (docs/product/accounts.md#owner-register: 5 s, 3 s for
 * a password mismatch, 9 s when the terms are not accepted). A new message replaces the old
 * one and its timer.
 */
export function useTimedMessage() {
  const [message, setMessage] = useState<BannerMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stopTimer = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  useEffect(() => stopTimer, [stopTimer]);

  /** Shows the message; with a duration it disappears after that many milliseconds. */
  const show = useCallback(
    (next: BannerMessage, durationMs?: number) => {
      stopTimer();
      setMessage(next);
      if (durationMs !== undefined) timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [stopTimer],
  );

  const clear = useCallback(() => {
    stopTimer();
    setMessage(null);
  }, [stopTimer]);

  return { message, show, clear };
}
