import type { AnchorHTMLAttributes, MouseEvent } from 'react';

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Scrolls an element of the current page into view. Returns false when it is not on the page,
 * so callers can fall back to navigating.
 */
export function scrollToElement(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  return true;
}

/** Scrolls the window to the top, smoothly unless the visitor asked for less motion. */
export function scrollToTop() {
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}

type InPageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { targetId: string };

/**
 * A link to a section of the same page. It scrolls itself instead of letting the browser
 * change the hash: a browser-made hash entry reaches React Router as a POP navigation, and
 * ScrollRestoration would then restore a stale position instead of showing the section.
 */
export function InPageLink({ targetId, onClick, ...rest }: InPageLinkProps) {
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented) return;
    if (scrollToElement(targetId)) event.preventDefault();
  }
  return <a href={`#${targetId}`} onClick={handleClick} {...rest} />;
}
