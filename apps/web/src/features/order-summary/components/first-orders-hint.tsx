import { BookOpen, QrCode } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { mayOpen } from '@/config/dashboard-access';
import { dashboardPaths } from '@/config/paths';
import { useRole } from '@/session/owner/use-role';

/**
 * Shown while the restaurant has never had an order: where the first ones come from. Setting up
 * the menu and the QR codes is for whoever may (docs/product/staff.md#roles); a server is not
 * sent to screens their role lacks.
 */
export function FirstOrdersHint() {
  const role = useRole();
  if (!mayOpen(role, 'menuManagement') || !mayOpen(role, 'generateQrCode')) return null;
  return (
    <Card className="flex flex-col gap-4 p-5 md:flex-row md:items-center md:justify-between md:p-6">
      <div className="flex max-w-xl flex-col gap-1">
        <h2 className="text-base font-semibold">Your first orders will appear here</h2>
        <p className="text-sm leading-6 text-stone-600">
          Diners order by scanning the QR code on their table. Check that your menu is ready, then print the
          code for your tables. New orders show up on this page as they arrive.
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Link to={dashboardPaths.menuManagement} className={buttonClasses({ variant: 'secondary' })}>
          <BookOpen className="size-4" aria-hidden />
          Menu Management
        </Link>
        <Link to={dashboardPaths.generateQrCode} className={buttonClasses()}>
          <QrCode className="size-4" aria-hidden />
          Generate QR Code
        </Link>
      </div>
    </Card>
  );
}
