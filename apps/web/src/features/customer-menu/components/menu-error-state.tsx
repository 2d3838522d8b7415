import { ArrowRight, CalendarX2, QrCode, RotateCw, UtensilsCrossed, WifiOff } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import type { MenuErrorKind } from '../lib/menu-error-message';

const looks = {
  subscription: { Icon: CalendarX2, title: 'Menu unavailable' },
  noItems: { Icon: UtensilsCrossed, title: 'Nothing on the menu yet' },
  table: { Icon: QrCode, title: 'This table’s code is out of date' },
  other: { Icon: WifiOff, title: 'We couldn’t load the menu' },
} as const;

type MenuErrorStateProps = {
  kind: MenuErrorKind;
  message: string;
  /** Offered only when asking again might help. */
  onRetry?: () => void;
  retrying?: boolean;
  /** The same menu without the table, for a table's code past the restaurant's tables. */
  withoutTableHref?: string;
};

/** A friendly full-page state for a menu that cannot be shown (docs/product/menu.md#diner-menu). */
export function MenuErrorState({ kind, message, onRetry, retrying, withoutTableHref }: MenuErrorStateProps) {
  const { Icon, title } = looks[kind];
  return (
    <main className="mx-auto flex min-h-[65vh] max-w-md flex-col items-center justify-center px-6 py-16 text-center">
      <span className="flex size-20 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-8 ring-brand-50/50">
        <Icon className="size-9" strokeWidth={1.75} aria-hidden />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight">{title}</h1>
      <p role="alert" className="mt-3 text-base leading-relaxed text-stone-600">
        {message}
      </p>
      {onRetry && (
        <Button variant="secondary" size="lg" className="mt-8 rounded-full" onClick={onRetry} busy={retrying}>
          {!retrying && <RotateCw className="size-4" aria-hidden />}
          Try again
        </Button>
      )}
      {withoutTableHref && (
        <Link to={withoutTableHref} className={buttonClasses({ size: 'lg', className: 'mt-8 rounded-full' })}>
          See the menu
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      )}
    </main>
  );
}
