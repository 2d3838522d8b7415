import type { CustomerSession } from '@tableserve/contract/customer';
import type { ComponentType } from 'react';
import { ToastContainer, toast } from 'react-toastify';
import { saveCustomerSession } from '@/session/diner/customer-session';
import { fakeJwt } from '@/test/fake-jwt';
import { renderRoute } from '@/test/render-route';

/** A customer token that expires `secondsFromNow` after now (negative: already expired). */
export function customerToken(secondsFromNow = 3600): string {
  return fakeJwt({ sub: '7', aud: 'customer', exp: Math.floor(Date.now() / 1000) + secondsFromNow });
}

export function customerSession(overrides: Partial<CustomerSession> = {}): CustomerSession {
  return {
    customer_id: 7,
    customer_name: 'Ada Diner',
    email: 'ada@example.com',
    phone_number: '5551234567',
    is_guest: false,
    restaurant_id: 1,
    token: customerToken(),
    ...overrides,
  };
}

export function signInCustomer(overrides: Partial<CustomerSession> = {}): CustomerSession {
  const session = customerSession(overrides);
  saveCustomerSession(session);
  return session;
}

/**
 * Renders a page as the app does, with the toast container main.tsx mounts, since the diner's
 * messages are toasts.
 */
export function renderWithToasts(Page: ComponentType, options: Parameters<typeof renderRoute>[1]) {
  toast.dismiss();
  function WithToasts() {
    return (
      <>
        <Page />
        <ToastContainer />
      </>
    );
  }
  return renderRoute(WithToasts, options);
}
