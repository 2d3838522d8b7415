import type { StaffOrder } from '@tableserve/contract/owner-orders';
import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import {
  ChefHat,
  ChevronDown,
  CircleCheck,
  Maximize2,
  Minimize2,
  RotateCcw,
  Type,
  Volume2,
  VolumeX,
} from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LiveBadge } from '@/components/ui/live-badge';
import { cn } from '@/lib/cn';
import type { StaffContext } from '@/orders/components/staff-screen';
import { useKitchenAgeing } from '@/orders/hooks/use-kitchen-ageing';
import { useStaffOrderEvents } from '@/orders/hooks/use-staff-order-events';
import { LeaveSession } from '@/session/owner/leave-session';
import { isRefusedToken } from '@/session/owner/owner-session';
import { isRefusedLoad, RefusedLoad } from '@/session/owner/require-access';
import { useKitchenOrders } from '../api/kitchen-orders';
import { useKitchenChime } from '../hooks/use-kitchen-chime';
import { useKitchenFullScreen } from '../hooks/use-kitchen-full-screen';
import { useKitchenHighlights } from '../hooks/use-kitchen-highlights';
import { useKitchenLargeType } from '../hooks/use-kitchen-large-type';
import { kitchenBoard, lastBumped } from '../lib/kitchen-board';
import { kitchenTexts, newOrderAnnouncement } from '../lib/kitchen-texts';
import { KitchenAgeingSettings } from './kitchen-ageing-settings';
import { KitchenOrderCard } from './kitchen-order-card';
import { KitchenToggle, kitchenHeaderButtonIdle } from './kitchen-toggle';
import { RecallButton } from './recall-button';
import { SoldOutPanel } from './sold-out-panel';

/** Kitchen Management (docs/product/staff-screens.md#kitchen, docs/product/order-statuses.md#status-machine, docs/product/staff-screens.md#order-summary timer). */
export function KitchenBoard({ restaurantId, token }: StaffContext) {
  const kitchen = useKitchenOrders(restaurantId, token);
  const { soundOn, toggleSound, chime } = useKitchenChime();
  const { ageing, save: saveAgeing } = useKitchenAgeing();
  const { largeType, toggle: toggleLargeType } = useKitchenLargeType();
  const { newOrderIds, highlight } = useKitchenHighlights();
  const [announcement, setAnnouncement] = useState('');
  const [signedOut, setSignedOut] = useState(false);
  const { fullScreen, enter: enterFullScreen, exit: exitFullScreen } = useKitchenFullScreen();
  const live = useStaffOrderEvents({
    restaurantId,
    token,
    onNewOrder: (order) => {
      highlight(order.order_id);
      setAnnouncement(newOrderAnnouncement(order));
      chime();
    },
  });

  useEffect(() => {
    if (kitchen.error && !isRefusedToken(kitchen.error))
      console.error('Could not load the kitchen', kitchen.error);
  }, [kitchen.error]);

  if (signedOut) return <LeaveSession />;
  if (kitchen.isError && isRefusedLoad(kitchen.error)) return <RefusedLoad error={kitchen.error} />;

  const staff = { restaurantId, token };
  const signOut = () => setSignedOut(true);

  return (
    <div
      className={cn(
        '@container flex flex-col gap-6',
        fullScreen && 'fixed inset-0 z-50 overflow-y-auto bg-stone-50 px-4 py-5 md:px-8 md:py-6',
      )}
    >
      <header className="flex flex-col gap-4 @5xl:flex-row @5xl:items-end @5xl:justify-between">
        <div className="max-w-2xl">
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{kitchenTexts.title}</h1>
          {!fullScreen && (
            <p className="mt-1.5 text-[0.9375rem] leading-7 text-stone-600">{kitchenTexts.lead}</p>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2 sm:gap-2.5">
          <LiveBadge state={live} audience="staff" large />
          <KitchenToggle
            pressed={soundOn}
            onToggle={toggleSound}
            icon={soundOn ? Volume2 : VolumeX}
            label={soundOn ? kitchenTexts.soundOn : kitchenTexts.soundOff}
            hint={kitchenTexts.soundHint}
          />
          <KitchenToggle
            pressed={largeType}
            onToggle={toggleLargeType}
            icon={Type}
            label={kitchenTexts.largeType}
            hint={kitchenTexts.largeTypeHint}
          />
          <SoldOutPanel restaurantId={restaurantId} token={token} />
          <KitchenAgeingSettings ageing={ageing} onSave={saveAgeing} />
          <button
            type="button"
            onClick={fullScreen ? exitFullScreen : enterFullScreen}
            className={kitchenHeaderButtonIdle}
          >
            {fullScreen ? (
              <Minimize2 className="size-5" aria-hidden />
            ) : (
              <Maximize2 className="size-5" aria-hidden />
            )}
            {fullScreen ? kitchenTexts.exitFullScreen : kitchenTexts.fullScreen}
          </button>
        </div>
      </header>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      {kitchen.isPending ? (
        <BoardSkeleton />
      ) : kitchen.isError && !kitchen.data ? (
        <LoadFailed retrying={kitchen.isFetching} onRetry={() => void kitchen.refetch()} />
      ) : (
        <>
          {kitchen.isError && (
            <LoadFailed retrying={kitchen.isFetching} onRetry={() => void kitchen.refetch()} />
          )}
          <Board
            largeType={largeType}
            orders={kitchen.data.orders}
            renderRecall={(order) => (
              <RecallButton
                order={order}
                staff={staff}
                onSignedOut={signOut}
                onRecalled={(recalled) => setAnnouncement(kitchenTexts.recalled(recalled.order_id))}
              />
            )}
            renderCard={(order) => (
              <KitchenOrderCard
                order={order}
                staff={staff}
                isNew={newOrderIds.has(order.order_id)}
                ageing={ageing}
                onSignedOut={signOut}
              />
            )}
          />
        </>
      )}
    </div>
  );
}

/**
 * How much larger the board is drawn in large type: an order's number, table and dishes then read
 * from about two metres on a 10-inch tablet (item names near 28 px, the number near 48 px).
 */
const LARGE_TYPE_ZOOM = 1.4;

function Board({
  orders,
  largeType,
  renderCard,
  renderRecall,
}: {
  orders: StaffOrder[];
  largeType: boolean;
  renderCard: (order: StaffOrder) => ReactNode;
  renderRecall: (order: StaffOrder) => ReactNode;
}) {
  if (orders.length === 0) return <NoOrders />;
  const board = kitchenBoard(orders);
  const { toCook, ready, done } = board;
  const recallable = lastBumped(board);
  return (
    // Zoomed as a whole, and its own container, so the card grid picks its columns from the
    // width the larger cards really have.
    <div
      data-large-type={largeType || undefined}
      style={largeType ? { zoom: LARGE_TYPE_ZOOM } : undefined}
      className="@container flex flex-col gap-8"
    >
      <BoardSection id="kitchen-to-cook" title={kitchenTexts.toCook} count={toCook.length} tone="cook">
        {toCook.length === 0 ? (
          <p className="flex items-center gap-2 rounded-2xl border border-dashed border-stone-300 bg-white/60 px-5 py-6 text-base text-stone-600">
            <CircleCheck className="size-5 text-emerald-600" aria-hidden />
            {kitchenTexts.allCaughtUp}
          </p>
        ) : (
          <CardGrid orders={toCook} renderCard={renderCard} />
        )}
      </BoardSection>

      {ready.length > 0 && (
        <BoardSection
          id="kitchen-ready"
          title={kitchenTexts.ready}
          count={ready.length}
          tone="ready"
          action={recallable && renderRecall(recallable)}
        >
          <CardGrid orders={ready} renderCard={renderCard} />
        </BoardSection>
      )}

      {done.length > 0 && (
        <details className="group rounded-2xl border border-stone-200/80 bg-white/70">
          <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-5 text-lg font-bold text-stone-800 hover:bg-stone-100/70 [&::-webkit-details-marker]:hidden">
            <span className="flex items-center gap-3">
              {kitchenTexts.doneToday}
              <CountPill count={done.length} className="bg-stone-200 text-stone-700" />
            </span>
            <ChevronDown
              className="size-5 text-stone-500 transition-transform group-open:rotate-180"
              aria-hidden
            />
          </summary>
          <div className="px-4 pt-1 pb-5">
            <CardGrid orders={done} renderCard={renderCard} />
          </div>
        </details>
      )}
    </div>
  );
}

function BoardSection({
  id,
  title,
  count,
  tone,
  action,
  children,
}: {
  id: string;
  title: string;
  count: number;
  tone: 'cook' | 'ready';
  /** A control beside the title (the Ready section's Recall). */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="flex items-center gap-3 text-xl font-bold">
          {title}
          <CountPill
            count={count}
            className={tone === 'cook' ? 'bg-brand-600 text-white' : 'bg-emerald-600 text-white'}
          />
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function CountPill({ count, className }: { count: number; className: string }) {
  return (
    <span
      className={cn(
        'inline-flex min-w-8 items-center justify-center rounded-full px-2.5 py-0.5 text-base font-bold tabular-nums',
        className,
      )}
    >
      {count}
    </span>
  );
}

function CardGrid({
  orders,
  renderCard,
}: {
  orders: StaffOrder[];
  renderCard: (order: StaffOrder) => ReactNode;
}) {
  return (
    <ul className="grid items-start gap-5 @2xl:grid-cols-2 @6xl:grid-cols-3">
      {orders.map((order) => (
        <li key={order.order_id}>{renderCard(order)}</li>
      ))}
    </ul>
  );
}

function NoOrders() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-stone-200 bg-white/60 px-6 py-16 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-brand-50 text-brand-600">
        <ChefHat className="size-8" aria-hidden />
      </span>
      <h2 className="text-xl font-bold">{ownerOrderMessages.noOrders}</h2>
      <p className="max-w-sm text-base text-stone-600">{kitchenTexts.noOrdersHint}</p>
    </div>
  );
}

function LoadFailed({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-white p-5 sm:flex-row sm:items-center sm:justify-between">
      <Alert type="error" className="w-full border-0 bg-transparent p-0 text-base sm:w-auto">
        {ownerOrderMessages.loadFailed}
      </Alert>
      <Button variant="secondary" busy={retrying} onClick={onRetry} className="shrink-0">
        {!retrying && <RotateCcw className="size-4" aria-hidden />}
        {kitchenTexts.tryAgain}
      </Button>
    </div>
  );
}

function BoardSkeleton() {
  return (
    <div role="status" aria-label={kitchenTexts.loading}>
      <div className="grid items-start gap-5 @2xl:grid-cols-2 @6xl:grid-cols-3">
        {[0, 1, 2, 3].map((key) => (
          <div key={key} className="overflow-hidden rounded-2xl border border-stone-200/70 bg-white">
            <div className="h-2 bg-stone-200" />
            <div className="flex flex-col gap-4 p-5">
              <div className="h-9 w-24 animate-pulse rounded-lg bg-stone-100" />
              <div className="h-6 w-32 animate-pulse rounded bg-stone-100" />
              <div className="h-5 w-full animate-pulse rounded bg-stone-100" />
              <div className="h-5 w-2/3 animate-pulse rounded bg-stone-100" />
              <div className="h-14 w-full animate-pulse rounded-xl bg-stone-100" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
