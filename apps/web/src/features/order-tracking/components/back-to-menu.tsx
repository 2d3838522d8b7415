import { cartMessages } from '@tableserve/contract/cart';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { menuPath } from '@/session/diner/current-restaurant';

/** The 'Back to Menu' button of docs/product/ordering.md#order-status-page: to the menu of the scanned QR code. */
export function BackToMenu({
  restaurantId,
  variant = 'secondary',
  className,
}: {
  restaurantId?: number | null;
  variant?: 'primary' | 'secondary';
  className?: string;
}) {
  return (
    <Link to={menuPath(restaurantId)} className={buttonClasses({ variant, size: 'lg', className })}>
      <ArrowLeft className="size-4" aria-hidden />
      {cartMessages.backToMenu}
    </Link>
  );
}
