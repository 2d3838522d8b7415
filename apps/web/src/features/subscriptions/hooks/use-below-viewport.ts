import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element is still further down the page, not yet scrolled into view. False where
 * IntersectionObserver is missing, so whatever depends on it simply does not show.
 */
export function useBelowViewport(ref: RefObject<Element | null>): boolean {
  const [below, setBelow] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setBelow(!entry.isIntersecting && entry.boundingClientRect.top > 0);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return below;
}
