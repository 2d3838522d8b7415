import type { MenuItem } from '@tableserve/contract/menu';
import { menuMessages } from '@tableserve/contract/menu';
import { QrCode, Store, UtensilsCrossed } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { dashboardPaths } from '@/config/paths';
import { readOwnerSession } from '@/session/owner/owner-session';
import { useDeleteMenuItem } from '../api/delete-menu-item';
import { useMenuItems } from '../api/menu-items';
import { useRestaurantId } from '../hooks/use-restaurant-id';
import { completeMenuSetup, menuSetupStep, readMenuSetup } from '../lib/menu-setup';
import { CategoryFilter, type CategoryFilterValue } from './category-filter';
import { MenuItemCard } from './menu-item-card';
import { MenuItemForm } from './menu-item-form';
import { MenuSetupPanel } from './menu-setup-panel';

/** /dashboard/menu-management (docs/product/menu.md#menu-management). */
export function MenuManagementPage() {
  const restaurantId = useRestaurantId();
  const [token] = useState(() => readOwnerSession()?.token ?? null);
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Menu Management</h1>
        <p className="max-w-2xl text-[0.9375rem] leading-7 text-stone-600">
          Add your dishes, set their prices and choose what diners can order right now.
        </p>
      </header>
      {restaurantId === null ? <NoRestaurant /> : <MenuManager restaurantId={restaurantId} token={token} />}
    </div>
  );
}

function NoRestaurant() {
  return (
    <Card className="flex flex-col items-start gap-4 p-6 md:p-8">
      <span className="grid size-12 place-items-center rounded-full bg-brand-50 text-brand-600">
        <Store className="size-6" aria-hidden />
      </span>
      <h2 className="text-lg font-semibold">Create your restaurant first</h2>
      <p className="text-stone-600">
        Your menu belongs to a restaurant. Set it up, then come back to add dishes.
      </p>
      <Link to={dashboardPaths.createRestaurant} className={buttonClasses()}>
        Create Restaurant
      </Link>
    </Card>
  );
}

function MenuManager({ restaurantId, token }: { restaurantId: number; token: string | null }) {
  const items = useMenuItems(restaurantId, token);
  const remove = useDeleteMenuItem(restaurantId, token);
  const [setup] = useState(() => readMenuSetup(restaurantId));
  const [addedThisVisit, setAddedThisVisit] = useState(false);
  const [editing, setEditing] = useState<MenuItem | null>(null);
  // Bumped after each save so the form starts over with empty fields.
  const [formRound, setFormRound] = useState(0);
  const [filter, setFilter] = useState<CategoryFilterValue>('all');
  const formCard = useRef<HTMLDivElement>(null);

  function startEditing(item: MenuItem) {
    setEditing(item);
    formCard.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }

  function handleSaved(kind: 'added' | 'updated') {
    if (kind === 'added') setAddedThisVisit(true);
    setEditing(null);
    setFormRound((round) => round + 1);
  }

  function handleDelete(item: MenuItem) {
    if (!window.confirm(menuMessages.confirmDelete)) return;
    remove.mutate(item.menu_id, {
      onSuccess: () => {
        toast.success(menuMessages.deleted);
        if (editing?.menu_id === item.menu_id) setEditing(null);
      },
      onError: () => toast.error(menuMessages.deleteFailed),
    });
  }

  function completeSetup() {
    completeMenuSetup(restaurantId);
    window.location.reload();
  }

  const list = items.data ?? [];
  const shown = filter === 'all' ? list : list.filter((item) => item.category === filter);

  return (
    <>
      {setup === 'pending' && items.data && (
        <MenuSetupPanel
          step={menuSetupStep(list.length)}
          canComplete={addedThisVisit}
          onComplete={completeSetup}
        />
      )}

      <div ref={formCard} className="scroll-mt-24">
        <Card className="p-5 md:p-7">
          <MenuItemForm
            key={`${editing?.menu_id ?? 'new'}-${formRound}`}
            restaurantId={restaurantId}
            token={token}
            editing={editing}
            onSaved={handleSaved}
            onCancelEdit={() => setEditing(null)}
          />
        </Card>
      </div>

      <section aria-labelledby="menu-items-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="menu-items-heading" className="text-xl font-semibold">
              Your menu
            </h2>
            {items.data && (
              <p className="text-sm text-stone-500">
                {list.length === 1 ? '1 item' : `${list.length} items`} ·{' '}
                {list.filter((item) => item.available).length} available
              </p>
            )}
          </div>
          {list.length > 0 && (
            <Link to={dashboardPaths.generateQrCode} className={buttonClasses({ variant: 'secondary' })}>
              <QrCode className="size-4" aria-hidden />
              Get QR code
            </Link>
          )}
        </div>

        {items.isPending ? (
          <GridSkeleton />
        ) : items.isError ? (
          <Card className="flex flex-col items-start gap-4 p-6">
            <Alert type="error" className="w-full">
              We couldn't load your menu just now.
            </Alert>
            <Button variant="secondary" busy={items.isFetching} onClick={() => void items.refetch()}>
              Try again
            </Button>
          </Card>
        ) : list.length === 0 ? (
          <EmptyMenu />
        ) : (
          <>
            {list.length > 1 && <CategoryFilter items={list} value={filter} onChange={setFilter} />}
            <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
              {shown.map((item) => (
                <li key={item.menu_id} className="flex">
                  <MenuItemCard
                    item={item}
                    editing={editing?.menu_id === item.menu_id}
                    deleting={remove.isPending && remove.variables === item.menu_id}
                    onEdit={() => startEditing(item)}
                    onDelete={() => handleDelete(item)}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </>
  );
}

function EmptyMenu() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-stone-200 bg-white/60 px-6 py-12 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-brand-50 text-brand-500">
        <UtensilsCrossed className="size-7" aria-hidden />
      </span>
      <h3 className="text-base font-semibold">No menu items yet</h3>
      <p className="max-w-sm text-sm text-stone-500">
        Add your first dish with the form above. It shows up here, and on your diners' menu once it is
        available.
      </p>
    </div>
  );
}

function GridSkeleton() {
  return (
    <div role="status" aria-label="Loading your menu" className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
      {[0, 1, 2].map((key) => (
        <div key={key} className="overflow-hidden rounded-2xl border border-stone-200/70 bg-white">
          <div className="aspect-[4/3] animate-pulse bg-stone-100" />
          <div className="flex flex-col gap-3 p-4">
            <div className="h-4 w-2/3 animate-pulse rounded bg-stone-100" />
            <div className="h-3 w-1/3 animate-pulse rounded bg-stone-100" />
            <div className="h-3 w-full animate-pulse rounded bg-stone-100" />
          </div>
        </div>
      ))}
    </div>
  );
}
