import { billPageMessages } from '@tableserve/contract/bill-page';
import { ReceiptText } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

/** "View bill & pay" (ADR 020): to the table's bill, from the menu and the order status page. */
export function ViewBillLink({ to, className }: { to: string; className?: string }) {
  return (
    <Link to={to} className={buttonClasses({ variant: 'primary', size: 'lg', className })}>
      <ReceiptText className="size-4" aria-hidden />
      {billPageMessages.viewBill}
    </Link>
  );
}
