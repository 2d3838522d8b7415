import { X } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Logo } from '@/components/layout/logo';

/** docs/product/web-app.md#shell: the mobile breakpoint is 768 px wide. */
const DESKTOP_QUERY = '(min-width: 768px)';

type NavDrawerProps = { id: string; open: boolean; onClose: () => void; children: ReactNode };

/**
 * The side navigation as a slide-in drawer below 768 px (docs/product/restaurant-setup.md#dashboard). A native
 * modal <dialog>: focus stays inside, Escape closes it, the page behind is inert.
 */
export function NavDrawer({ id, open, onClose, children }: NavDrawerProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Widening the window past the breakpoint shows the side navigation instead.
  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const closeOnDesktop = (event: MediaQueryListEvent) => event.matches && onClose();
    desktop.addEventListener('change', closeOnDesktop);
    return () => desktop.removeEventListener('change', closeOnDesktop);
  }, [open, onClose]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click only closes on the backdrop; Escape closes natively.
    <dialog
      ref={ref}
      id={id}
      aria-label="Dashboard menu"
      onClose={onClose}
      onClick={(event) => event.target === ref.current && onClose()}
      className="fixed inset-y-0 right-auto left-0 m-0 h-dvh max-h-none w-80 max-w-[85vw] bg-stone-50 p-0 text-stone-800 shadow-raised transition-transform duration-200 ease-out backdrop:bg-stone-900/40 starting:open:-translate-x-full md:hidden"
    >
      <div className="flex min-h-full flex-col gap-5 px-4 pt-3 pb-6">
        <div className="flex items-center justify-between">
          <Logo />
          <button
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="inline-flex size-11 items-center justify-center rounded-xl text-stone-600 hover:bg-stone-200/60"
          >
            <X className="size-6" aria-hidden />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
