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
      { path: paths.menuDisplay, lazy: () => import('./routes/menu-display') },
      { path: paths.cart, lazy: () => import('./routes/cart') },
      { path: paths.customerDetails, lazy: () => import('./routes/customer-details') },
      { path: paths.orderStatus, lazy: () => import('./routes/order-status') },
      { path: paths.customerOrders, lazy: () => import('./routes/customer-orders') },
      { path: paths.trackOrder, lazy: () => import('./routes/track-order') },
      {
        path: paths.dashboard,
        lazy: () => import('./routes/dashboard'),
        // Sub-pages join as children; unknown ones stay in the frame.
        children: [
          { index: true, lazy: () => import('./routes/dashboard-home') },
          { path: 'create-restaurant', lazy: () => import('./routes/create-restaurant') },
          { path: 'edit-restaurant', lazy: () => import('./routes/edit-restaurant') },
          { path: 'profile', lazy: () => import('./routes/profile') },
          { path: 'menu-management', lazy: () => import('./routes/menu-management') },
          { path: 'generate-qr-code', lazy: () => import('./routes/generate-qr-code') },
          { path: 'order-summary', lazy: () => import('./routes/order-summary') },
          { path: 'order-management', lazy: () => import('./routes/order-management') },
          { path: 'kitchen-management', lazy: () => import('./routes/kitchen-management') },
          { path: 'place-order', lazy: () => import('./routes/place-order') },
          { path: '*', lazy: () => import('./routes/dashboard-not-found') },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);
