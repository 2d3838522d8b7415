import { billPageMessages } from '@tableserve/contract/bill-page';
import { ArrowLeft, ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

type BillHeaderProps = {
  /** The restaurant's name; null while the page does not know it. */
  restaurant: string | null;
  table: number | null;
  /** Back to the menu the diner came from. */
  menuTo: string;
  /** The diner's own order on this bill, when this browser placed one. */
  orderTo: string | null;
};

const linkClasses = buttonClasses({ variant: 'ghost', className: 'shrink-0 gap-1.5 px-3' });

/**
 * The bill page's own header (not TableServe's marketing one): the restaurant and the table,
 * with the way back to the menu and to the diner's order.
 */
export function BillHeader({ restaurant, table, menuTo, orderTo }: BillHeaderProps) {
  return (
    <header className="sticky top-0 z-20 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex w-full max-w-xl items-center gap-2 px-2 py-2 sm:px-3">
        <Link to={menuTo} className={linkClasses}>
          <ArrowLeft className="size-4" aria-hidden />
          {billPageMessages.menuLink}
        </Link>
        <div className="min-w-0 flex-1 text-center">
          <h1 className="truncate text-base leading-tight font-bold tracking-tight">
            {restaurant ?? billPageMessages.title}
          </h1>
          {table !== null && <p className="text-xs text-stone-500">{billPageMessages.table(table)}</p>}
        </div>
        {orderTo ? (
          <Link to={orderTo} className={linkClasses}>
            <ClipboardList className="size-4" aria-hidden />
            {billPageMessages.orderLink}
          </Link>
        ) : (
          // Keeps the restaurant's name centred when there is no order to go back to.
          <span aria-hidden className="invisible shrink-0 px-3 text-sm">
            ← {billPageMessages.menuLink}
          </span>
        )}
      </div>
    </header>
  );
}
