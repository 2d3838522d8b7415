import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';

// Only the three diner pages show it, so its forms and the terms text stay out of every other page's download.
const CustomerAccountMenu = lazy(async () => ({
  default: (await import('@/features/customer-auth/components/customer-account-menu')).CustomerAccountMenu,
}));

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header
        accountSlot={
          <Suspense fallback={null}>
            <CustomerAccountMenu />
          </Suspense>
        }
      />
      <div className="flex-1">
        <Outlet />
      </div>
      <Footer />
      {/* Every full page load has the key 'default'; keying those by path stops an email link
          from opening at the scroll position of whatever page the tab showed before. */}
      <ScrollRestoration
        getKey={(location) => (location.key === 'default' ? location.pathname : location.key)}
      />
    </div>
  );
}
