import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { LoadingScreen } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { PageErrorBoundary } from './page-error-boundary';
import { ScrollRestoration } from './scroll-restoration';

// Only the three diner pages show it, so its forms and the terms text stay out of every other page's download.
const CustomerAccountMenu = lazy(async () => ({
  default: (await import('@/features/customer-auth/components/customer-account-menu')).CustomerAccountMenu,
}));

export function RootLayout() {
  const { pathname } = useLocation();
  // The bill page wears the restaurant's own header, with the way back to its menu and the order.
  const ownHeader = pathname === paths.bill || pathname.startsWith(`${paths.bill}/`);
  return (
    <div className="flex min-h-dvh flex-col">
      {!ownHeader && (
        <Header
          accountSlot={
            <Suspense fallback={null}>
              <CustomerAccountMenu />
            </Suspense>
          }
        />
      )}
      <div className="flex-1">
        <PageErrorBoundary key={pathname}>
          {/* While a page's code loads (main.tsx: the address and the page change together). */}
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </div>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
