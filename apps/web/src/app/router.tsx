import { createBrowserRouter } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * Data router with one lazily loaded module per route, so a diner's phone downloads only the
 * code of the page it opens. Each route module exports `Component`.
 */
export const router = createBrowserRouter([
  {
    path: paths.home,
    Component: RootLayout,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: () => import('./routes/landing') },
      { path: paths.contact, lazy: () => import('./routes/contact') },
      { path: paths.about, lazy: () => import('./routes/about') },
      { path: paths.terms, lazy: () => import('./routes/terms') },
      { path: paths.login, lazy: () => import('./routes/login') },
      { path: paths.register, lazy: () => import('./routes/register') },
      { path: paths.dashboardRegister, lazy: () => import('./routes/register') },
      { path: paths.verifyEmail, lazy: () => import('./routes/verify-email') },
      { path: paths.resetPassword, lazy: () => import('./routes/reset-password') },
      { path: paths.selectSubscription, lazy: () => import('./routes/select-subscription') },
      { path: paths.paymentDetails, lazy: () => import('./routes/payment-details') },
      { path: paths.subscriptionDetails, lazy: () => import('./routes/subscription-details') },
      {
        path: paths.dashboard,
        lazy: () => import('./routes/dashboard'),
        // Sub-pages (order-summary, create-restaurant…) join as children; unknown ones stay in the frame.
        children: [
          { index: true, lazy: () => import('./routes/dashboard-home') },
          { path: '*', lazy: () => import('./routes/dashboard-not-found') },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);
