import { useEffect, useLayoutEffect, useRef } from 'react';
import { type Location, useLocation, useNavigationType } from 'react-router';
import { scrollToElement } from '@/components/ui/in-page-link';

const STORAGE_KEY = 'tableserve-scroll-positions';

/** Every full page load has the key 'default'; keying those by path stops an email link from
 * opening at the scroll position of whatever page the tab showed before. */
const keyOf = (location: Location) => (location.key === 'default' ? location.pathname : location.key);

function savedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function savePosition(key: string, y: number) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...savedPositions(), [key]: y }));
  } catch {
    // Storage full or disabled: the page then opens at the top, as on a first visit.
  }
}

/**
 * What the data router's <ScrollRestoration> did, for the declarative router: a new page opens at
 * the top, or at the element its #hash names; Back and Forward return to where the page was left.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  // Read on every scroll, so leaving a page never measures the next page's layout.
  const lastY = useRef(0);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      lastY.current = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    const key = keyOf(location);
    const saved = savedPositions()[key];
    const target = decodeURIComponent(location.hash.slice(1));
    let awaitingTarget: MutationObserver | undefined;
    if (target && scrollToElement(target)) {
      // Shown where the link pointed.
    } else if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
    } else {
      window.scrollTo(0, 0);
      // The page's code may still be loading: show the section as soon as it is there.
      if (target) {
        awaitingTarget = new MutationObserver(() => {
          if (scrollToElement(target)) awaitingTarget?.disconnect();
        });
        awaitingTarget.observe(document.body, { childList: true, subtree: true });
        setTimeout(() => awaitingTarget?.disconnect(), 5000);
      }
    }
    lastY.current = window.scrollY;
    const onPageHide = () => savePosition(key, lastY.current);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      awaitingTarget?.disconnect();
      window.removeEventListener('pagehide', onPageHide);
      savePosition(key, lastY.current);
    };
  }, [location, navigationType]);

  return null;
}
