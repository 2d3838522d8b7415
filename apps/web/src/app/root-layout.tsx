import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { CustomerAccountMenu } from '@/features/customer-auth/components/customer-account-menu';

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header accountSlot={<CustomerAccountMenu />} />
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
