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
};

/** A native <dialog>: focus trapping, Escape and the backdrop come from the browser. */
export function Modal({ open, onClose, title, children, footer, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

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
          <h2 id={titleId} className="text-lg font-semibold">
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
