import { useState } from 'react';

/** The moment the screen opened: day counts stay still while the owner reads them. */
export function useNow(): Date {
  const [now] = useState(() => new Date());
  return now;
}
