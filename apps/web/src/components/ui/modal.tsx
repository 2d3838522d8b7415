import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { cn } from '@/lib/cn';

type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
  /**
   * Focus the title on open rather than the first control, the Close button: a sheet the diner
   * opened with a tap then shows no focus ring on Close (WebKit draws one), and a screen reader
   * starts at the dish's name. Tab still moves on to Close, inside the dialog.
   */
  focusTitle?: boolean;
};

/** A native <dialog>: focus trapping, Escape and the backdrop come from the browser. */
export function Modal({ open, onClose, title, children, footer, className, focusTitle }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // showModal() focuses the first control and remembers what had focus, to give it back on close.
      dialog.showModal();
      if (focusTitle) titleRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, focusTitle]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click only closes on the backdrop; Escape closes natively.
    <dialog
      ref={ref}
      onClose={onClose}
      onClick={(event) => event.target === ref.current && onClose()}
      aria-labelledby={titleId}
      className={cn(
        'm-auto w-[calc(100%-2rem)] max-w-2xl rounded-2xl bg-white p-0 text-stone-800 shadow-raised backdrop:bg-stone-900/50 backdrop:backdrop-blur-[2px]',
        className,
      )}
    >
      <div className="flex max-h-[85vh] flex-col">
        {/* Plain boxes, not <header>/<footer>: inside a dialog those would be page-level landmarks. */}
        <div className="flex items-center justify-between gap-4 border-b border-stone-200 px-6 py-4">
          <h2
            ref={titleRef}
            id={titleId}
            tabIndex={focusTitle ? -1 : undefined}
            className="text-lg font-semibold focus:outline-none"
          >
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg p-2 text-stone-500 hover:bg-stone-100"
            aria-label="Close dialog"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so a keyboard can scroll content with no control of its own (the terms text). */}
        <div tabIndex={0} className="overflow-y-auto px-6 py-5">
          {children}
        </div>
        {footer && <div className="flex justify-end gap-3 border-t border-stone-200 px-6 py-4">{footer}</div>}
      </div>
    </dialog>
  );
}
