import type { Role } from '@tableserve/contract/staff-roles';
import type { Subscription } from '@tableserve/contract/subscription';
import {
  ChefHat,
  ChevronRight,
  ClipboardList,
  Coins,
  CreditCard,
  History,
  Lock,
  LogOut,
  type LucideIcon,
  QrCode,
  ReceiptText,
  Store,
  TabletSmartphone,
  UserRound,
  UsersRound,
  UtensilsCrossed,
} from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { type DashboardNavKey, dashboardNavEntries } from '../lib/dashboard-nav';
import type { SubscriptionViews } from '../lib/subscription-views';
import { RoleBadge } from './role-badge';

const icons: Record<DashboardNavKey, LucideIcon> = {
  orderSummary: ClipboardList,
  restaurant: Store,
  paymentSettings: Coins,
  profile: UserRound,
  generateQrCode: QrCode,
  menuManagement: UtensilsCrossed,
  orderManagement: ReceiptText,
  kitchenManagement: ChefHat,
  staff: UsersRound,
  auditTrail: History,
  devices: TabletSmartphone,
};

const rowClasses = 'flex min-h-11 items-center gap-3 rounded-xl px-3 text-[0.9375rem] font-medium';

type SideNavProps = {
  workingAs: Role;
  restaurantActive: boolean;
  /** The owner's alone (docs/product/staff.md#roles); undefined for a staff member. */
  subscription: { current: Subscription | null; StatusBadge: SubscriptionViews['StatusBadge'] } | undefined;
  onNavigate?: () => void;
  onLogOut: () => void;
};

/**
 * The dashboard's side navigation (docs/product/restaurant-setup.md#dashboard): only the entries
 * the person's role may open, and for a staff member whom it is signed in as.
 */
export function SideNav({ workingAs, restaurantActive, subscription, onNavigate, onLogOut }: SideNavProps) {
  const entries = dashboardNavEntries(restaurantActive, workingAs);
  return (
    <nav aria-label="Dashboard" className="flex flex-col gap-5">
      {workingAs !== 'owner' && <RoleBadge workingAs={workingAs} className="self-start" />}
      <ul className="flex flex-col gap-1">
        {entries.map((entry) => {
          const Icon = icons[entry.key];
          return (
            <li key={entry.key}>
              {entry.enabled ? (
                <NavLink
                  to={entry.to}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    cn(
                      rowClasses,
                      'transition-colors',
                      isActive
                        ? 'bg-brand-50 text-brand-700'
                        : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
                    )
                  }
                >
                  <Icon className="size-5 shrink-0" aria-hidden />
                  {entry.label}
                </NavLink>
              ) : (
                <span
                  aria-disabled="true"
                  title="Create your restaurant first"
                  data-testid={`nav-${entry.key}`}
                  className={cn(rowClasses, 'cursor-not-allowed text-stone-400 select-none')}
                >
                  <Icon className="size-5 shrink-0" aria-hidden />
                  <span className="flex-1">{entry.label}</span>
                  <Lock className="size-3.5 shrink-0" aria-hidden />
                  <span className="sr-only">(available once your restaurant is created)</span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {!restaurantActive && (
        <p className="rounded-xl bg-stone-100 px-3 py-2.5 text-xs leading-5 text-stone-600">
          Create your restaurant to unlock the menu, QR code, orders and kitchen.
        </p>
      )}

      {subscription && (
        <div className="border-t border-stone-200 pt-5">
          <Link
            to={paths.subscriptionDetails}
            onClick={onNavigate}
            className="group flex items-center gap-3 rounded-xl border border-stone-200 bg-white px-3 py-2.5 shadow-xs transition hover:border-stone-300"
          >
            <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
              <CreditCard className="size-4.5" aria-hidden />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-semibold text-stone-900">Subscription Details</span>
              {subscription.current ? (
                <span className="mt-0.5 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-stone-500">
                  {/* The badge may read 'Grace period' or 'Active (Canceling)': it wraps rather than being cut off. */}
                  {subscription.current.plan_name}
                  <subscription.StatusBadge
                    subscription={subscription.current}
                    className="px-1.5 py-0 text-[0.6875rem]"
                  />
                </span>
              ) : (
                <span className="block text-xs text-stone-500">Plan and billing</span>
              )}
            </span>
            <ChevronRight className="size-4 text-stone-400 group-hover:text-stone-600" aria-hidden />
          </Link>
        </div>
      )}

      <button
        type="button"
        onClick={onLogOut}
        className={cn(
          rowClasses,
          'w-full text-stone-700 transition-colors hover:bg-red-50 hover:text-red-700',
        )}
      >
        <LogOut className="size-5 shrink-0" aria-hidden />
        Log Out
      </button>
    </nav>
  );
}
