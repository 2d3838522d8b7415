import { ArrowUp } from 'lucide-react';
import { scrollToTop } from '@/components/ui/in-page-link';
import { useScrolledPast } from './use-scrolled-past';

/** docs/product/web-app.md#landing-page: the landing page's back-to-top button appears after 300 px of scroll. */
export const BACK_TO_TOP_AFTER_PX = 300;

export function BackToTop() {
  const visible = useScrolledPast(BACK_TO_TOP_AFTER_PX);
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={scrollToTop}
      aria-label="Back to top"
      className="fixed right-5 bottom-5 z-30 inline-flex size-12 items-center justify-center rounded-full bg-brand-600 text-white shadow-raised transition duration-200 hover:bg-brand-700 active:bg-brand-800 starting:translate-y-3 starting:opacity-0 md:right-8 md:bottom-8"
    >
      <ArrowUp className="size-5" aria-hidden />
    </button>
  );
}
