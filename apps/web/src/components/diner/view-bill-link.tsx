import { billPageMessages } from '@tableserve/contract/bill-page';
import { ReceiptText } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/**
 * "View bill & pay" (ADR 020): to the table's bill, from the menu and the order status page.
 * Without a path yet (a painted menu before it hydrates, docs/decisions/025-table-keys.md) it is
 * drawn in place but inert, as the menu's Add buttons are.
 */
export function ViewBillLink({ to, className }: { to: string | null; className?: string }) {
  const content = (
    <>
      <ReceiptText className="size-4" aria-hidden />
      {billPageMessages.viewBill}
    </>
  );
  if (to === null)
    return (
      <span
        aria-disabled="true"
        className={cn(
          buttonClasses({ variant: 'primary', size: 'lg', className }),
          'pointer-events-none opacity-60',
        )}
      >
        {content}
      </span>
    );
  return (
    <Link to={to} className={buttonClasses({ variant: 'primary', size: 'lg', className })}>
      {content}
    </Link>
  );
}
