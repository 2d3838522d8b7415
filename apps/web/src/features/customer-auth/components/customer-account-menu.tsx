import { ChevronDown, ClipboardList, LogIn, LogOut, UserRound } from 'lucide-react';
import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { readCurrentRestaurantId } from '@/session/diner/current-restaurant';
import { type CustomerData, clearCustomerSession, useCustomer } from '@/session/diner/customer-session';
import { useCustomerTokenWatch } from '@/session/diner/use-customer-token-watch';

// The dialog's forms and the terms text load when the diner opens it, not with the menu (docs/performance.md);
// pointing at or focusing Log In starts the download.
const loadLoginModal = () => import('./login-modal');
const LoginModal = lazy(async () => ({ default: (await loadLoginModal()).LoginModal }));

/**
 * The header's account slot on the diner pages (docs/product/web-app.md#shell): a Log In button, or
 * the diner's name with Order Status and Logout. It also runs the 60 s token check (docs/product/accounts.md#diner-session-expiry).
 */
export function CustomerAccountMenu() {
  useCustomerTokenWatch();
  const customer = useCustomer();
  const [loginOpen, setLoginOpen] = useState(false);
  const loginButton = useRef<HTMLButtonElement>(null);
  const [focusLoginButton, setFocusLoginButton] = useState(false);

  // After Logout the dropdown is gone; keyboard users land on the Log In button that replaced it.
  useEffect(() => {
    if (!focusLoginButton || customer) return;
    loginButton.current?.focus();
    setFocusLoginButton(false);
  }, [focusLoginButton, customer]);

  if (customer) {
    return (
      <AccountDropdown
        customer={customer}
        onLogout={() => {
          clearCustomerSession();
          setFocusLoginButton(true);
        }}
      />
    );
  }

  return (
    <>
      <button
        ref={loginButton}
        type="button"
        onClick={() => setLoginOpen(true)}
        onPointerEnter={loadLoginModal}
        onFocus={loadLoginModal}
        className={buttonClasses({ className: 'px-4' })}
      >
        <LogIn className="size-4" aria-hidden />
        Log In
      </button>
      {loginOpen && (
        <Suspense fallback={null}>
          <LoginModal open onClose={() => setLoginOpen(false)} restaurantId={readCurrentRestaurantId()} />
        </Suspense>
      )}
    </>
  );
}

type AccountDropdownProps = { customer: CustomerData; onLogout: () => void };

/** A menu button (WAI-ARIA menu pattern): arrows move, Escape closes and returns focus. */
function AccountDropdown({ customer, onLogout }: AccountDropdownProps) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const items = useRef<Array<HTMLButtonElement | null>>([]);

  useEffect(() => {
    if (!open) return;
    items.current[0]?.focus();
    function closeOnOutsidePointer(event: PointerEvent) {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  }

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const list = items.current.filter((item): item is HTMLButtonElement => item !== null);
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const focusAt = (index: number) => list[(index + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(at + 1);
    else if (event.key === 'ArrowUp') focusAt(at - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(list.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') return setOpen(false);
    else return;
    event.preventDefault();
  }

  const actions = [
    {
      label: 'Order Status',
      icon: ClipboardList,
      run: () => navigate(paths.customerOrders, { state: { customer_id: customer.customer_id } }),
    },
    { label: 'Logout', icon: LogOut, run: onLogout },
  ];

  return (
    <div ref={container} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((shown) => !shown)}
        onKeyDown={onTriggerKeyDown}
        className="inline-flex min-h-11 max-w-[12.5rem] items-center gap-2 rounded-xl border border-stone-200 bg-white py-1 pr-2.5 pl-1.5 text-sm font-semibold text-stone-800 shadow-xs transition-colors hover:bg-stone-50 aria-expanded:bg-stone-50 sm:max-w-[16rem]"
      >
        <span
          aria-hidden
          className="grid size-8 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700"
        >
          <UserRound className="size-4.5" />
        </span>
        <span className="truncate">{customer.customer_name}</span>
        <ChevronDown
          className={cn('size-4 shrink-0 text-stone-500 transition-transform', open && 'rotate-180')}
          aria-hidden
        />
      </button>

      {open && (
        <div className="absolute top-full right-0 z-50 mt-2 w-64 overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-raised">
          <div className="border-b border-stone-100 px-4 py-3">
            <p className="truncate text-sm font-semibold text-stone-900">{customer.customer_name}</p>
            <p className="truncate text-sm text-stone-500">
              {customer.is_guest ? 'Ordering as a guest' : customer.email}
            </p>
          </div>
          <div id={menuId} role="menu" aria-label="Account" onKeyDown={onMenuKeyDown} className="p-1.5">
            {actions.map((action, index) => (
              <button
                key={action.label}
                ref={(element) => {
                  items.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  setOpen(false);
                  action.run();
                }}
                className="flex min-h-11 w-full items-center gap-3 rounded-xl px-3 text-left text-[15px] font-medium text-stone-800 hover:bg-stone-100 focus-visible:bg-stone-100"
              >
                <action.icon className="size-4.5 text-stone-500" aria-hidden />
                {action.label}
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
