import { useCallback, useRef, useState } from 'react';

/**
 * Runs one task at a time: while a task is in flight, `busy` is true and a second run (a double
 * tap on Submit) is ignored. The ref guards synchronously, before React has re-rendered.
 */
export function useSingleFlight() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);

  const run = useCallback(async (task: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  return { busy, run };
}
