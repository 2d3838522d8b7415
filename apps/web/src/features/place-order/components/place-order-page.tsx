import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { ArrowLeft, RotateCcw, UtensilsCrossed } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { dashboardPaths } from '@/config/paths';
import { useStaffMenu } from '@/orders/api/menu-items';
import { type StaffContext, StaffScreen } from '@/orders/components/staff-screen';
import { isOrderableDish } from '@/orders/lib/dish-stock';
import { LeaveSession } from '@/session/owner/leave-session';
import { isRefusedToken } from '@/session/owner/owner-session';
import { useRestaurantTables } from '../api/restaurant-tables';
import { PlaceOrderForm } from './place-order-form';

/** /dashboard/place-order: the owner's form for walk-in and phone orders (docs/product/staff-screens.md#owner-place-order). */
export function PlaceOrderPage() {
  return <StaffScreen>{(context) => <PlaceOrder {...context} />}</StaffScreen>;
}

function PlaceOrder({ restaurantId, token, userId }: StaffContext) {
  const menu = useStaffMenu(restaurantId, token);
  const tables = useRestaurantTables(restaurantId, token);
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    // docs/product/staff-screens.md#owner-place-order: a failed restaurant fetch is only logged; the form then offers Pick-up only.
    if (tables.error && !isRefusedToken(tables.error))
      console.error('Could not load the number of tables', tables.error);
  }, [tables.error]);

  if (refused || isRefusedToken(menu.error) || isRefusedToken(tables.error)) return <LeaveSession />;

  const available = (menu.data ?? []).filter(isOrderableDish);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{ownerOrderMessages.placeOrder}</h1>
          <p className="mt-2 text-[0.9375rem] leading-7 text-stone-600">
            Take an order for a walk-in or phone customer. It reaches Order Management and the kitchen at
            once.
          </p>
        </div>
        <Link
          to={dashboardPaths.orderManagement}
          className={buttonClasses({ variant: 'secondary', className: 'shrink-0 self-start sm:self-auto' })}
        >
          <ArrowLeft className="size-4" aria-hidden />
          Order Management
        </Link>
      </header>

      {menu.isPending ? (
        <FormSkeleton />
      ) : menu.isError ? (
        <Card className="flex flex-col items-start gap-4 p-6">
          <Alert type="error" className="w-full">
            The menu could not be loaded, so no order can be taken just now.
          </Alert>
          <Button variant="secondary" busy={menu.isFetching} onClick={() => void menu.refetch()}>
            {!menu.isFetching && <RotateCcw className="size-4" aria-hidden />}
            Try again
          </Button>
        </Card>
      ) : available.length === 0 ? (
        <Card className="flex flex-col items-start gap-4 p-6 md:p-8">
          <span className="grid size-12 place-items-center rounded-full bg-brand-50 text-brand-600">
            <UtensilsCrossed className="size-6" aria-hidden />
          </span>
          <h2 className="text-lg font-semibold">No menu items to order</h2>
          <p className="text-stone-600">
            Add dishes to your menu, or make some available, then take the order.
          </p>
          <Link to={dashboardPaths.menuManagement} className={buttonClasses()}>
            Menu Management
          </Link>
        </Card>
      ) : (
        <PlaceOrderForm
          restaurantId={restaurantId}
          userId={userId}
          token={token}
          menu={available}
          numberOfTables={tables.data}
          onRefused={() => setRefused(true)}
        />
      )}
    </div>
  );
}

function FormSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading the menu"
      className="flex flex-col gap-5 rounded-2xl border border-stone-200/70 bg-white p-6"
    >
      {[0, 1, 2].map((key) => (
        <div key={key} className="flex flex-col gap-2">
          <div className="h-3 w-28 animate-pulse rounded bg-stone-100" />
          <div className="h-11 w-full animate-pulse rounded-xl bg-stone-100" />
        </div>
      ))}
    </div>
  );
}
