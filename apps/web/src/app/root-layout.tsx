import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { LoadingScreen } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { readPairedDeviceName } from '@/session/device/device-session';
import { PageErrorBoundary } from './page-error-boundary';
import { ScrollRestoration } from './scroll-restoration';

// Only the three diner pages show it, so its forms and the terms text stay out of every other page's download.
const CustomerAccountMenu = lazy(async () => ({
  default: (await import('@/features/customer-auth/components/customer-account-menu')).CustomerAccountMenu,
}));

const isUnder = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/**
 * The site's frame. The dashboard has no marketing footer; /pair, a paired tablet's screens and
 * the diner's bill have no marketing chrome at all (docs/product/staff.md#paired-devices): the
 * device's own top bar, the restaurant's own header, are their only chrome.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const dashboard = isUnder(pathname, paths.dashboard);
  const device = pathname === paths.pair || (dashboard && readPairedDeviceName() !== null);
  // The bill page wears the restaurant's own header, with the way back to its menu and the order.
  const bill = isUnder(pathname, paths.bill);
  return (
    <div className="flex min-h-dvh flex-col">
      {!device && !bill && (
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
      {!dashboard && !device && !bill && <Footer />}
      <ScrollRestoration />
    </div>
  );
}
