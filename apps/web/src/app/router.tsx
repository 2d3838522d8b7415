import { type ComponentType, createElement, lazy } from 'react';
import { type Location, matchRoutes, type RouteObject, useRoutes } from 'react-router';
import {
  type DashboardAccess,
  type DashboardScreen,
  dashboardAccess,
  OWNER_ONLY,
} from '@/config/dashboard-access';
import { dashboardPaths, paths } from '@/config/paths';
import { RequireAccess } from '@/session/owner/require-access';
import { RootLayout } from './root-layout';

type LazyPage = ComponentType & { load(): Promise<unknown> };

/**
 * One lazily loaded module per page, so a diner's phone downloads only the code of the page it
 * opens. Each route module exports `Component`. Once loaded, the page renders at once, without
 * suspending: main.tsx loads the first page before the app's first render.
 */
function page(load: () => Promise<{ Component: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(({ Component }) => {
      loaded = Component;
      return { default: Component };
    }));
  const Suspending = lazy(loadOnce);
  const Page = () => createElement(loaded ?? Suspending);
  return Object.assign(Page, { load: loadOnce });
}

const Landing = page(() => import('./routes/landing'));
const Contact = page(() => import('./routes/contact'));
const About = page(() => import('./routes/about'));
const Terms = page(() => import('./routes/terms'));
const Login = page(() => import('./routes/login'));
const Register = page(() => import('./routes/register'));
const VerifyEmail = page(() => import('./routes/verify-email'));
const ResetPassword = page(() => import('./routes/reset-password'));
const SelectSubscription = page(() => import('./routes/select-subscription'));
const PaymentDetails = page(() => import('./routes/payment-details'));
const SubscriptionDetails = page(() => import('./routes/subscription-details'));
const MenuDisplay = page(() => import('./routes/menu-display'));
const Cart = page(() => import('./routes/cart'));
const CustomerDetails = page(() => import('./routes/customer-details'));
const OrderStatus = page(() => import('./routes/order-status'));
const CustomerOrders = page(() => import('./routes/customer-orders'));
const TrackOrder = page(() => import('./routes/track-order'));
const Bill = page(() => import('./routes/bill'));
const Dashboard = page(() => import('./routes/dashboard'));
const DashboardHome = page(() => import('./routes/dashboard-home'));
const CreateRestaurant = page(() => import('./routes/create-restaurant'));
const EditRestaurant = page(() => import('./routes/edit-restaurant'));
const PaymentSettings = page(() => import('./routes/payment-settings'));
const Profile = page(() => import('./routes/profile'));
const MenuManagement = page(() => import('./routes/menu-management'));
const GenerateQrCode = page(() => import('./routes/generate-qr-code'));
const OrderSummary = page(() => import('./routes/order-summary'));
const OrderManagement = page(() => import('./routes/order-management'));
const KitchenManagement = page(() => import('./routes/kitchen-management'));
const PlaceOrder = page(() => import('./routes/place-order'));
const Staff = page(() => import('./routes/staff'));
const Invite = page(() => import('./routes/invite'));
const AuditTrail = page(() => import('./routes/audit-trail'));
const Devices = page(() => import('./routes/devices'));
const Pair = page(() => import('./routes/pair'));
const DashboardNotFound = page(() => import('./routes/dashboard-not-found'));
const NotFound = page(() => import('./routes/not-found'));

const route = (path: string, Page: LazyPage, children?: RouteObject[]): RouteObject => ({
  path,
  element: <Page />,
  handle: Page,
  children,
});
const index = (Page: LazyPage): RouteObject => ({ index: true, element: <Page />, handle: Page });

/** A screen shown only to a role that may open it (config/dashboard-access.ts). */
const guarded = (path: string, Page: LazyPage, access: DashboardAccess, standalone = false): RouteObject => ({
  path,
  element: (
    <RequireAccess access={access} standalone={standalone}>
      <Page />
    </RequireAccess>
  ),
  handle: Page,
});
const dashboardRoute = (screen: DashboardScreen, Page: LazyPage) =>
  guarded(dashboardPaths[screen].slice(`${paths.dashboard}/`.length), Page, dashboardAccess[screen]);
/** The subscription screens: the owner's alone, outside the dashboard's frame. */
const ownerRoute = (path: string, Page: LazyPage) => guarded(path, Page, OWNER_ONLY, true);

/**
 * The app's routes, in React Router's declarative mode: the data router's loaders and actions
 * are unused here, and leaving them out takes 16 KiB (gzipped) off every first load (docs/performance.md).
 */
const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <RootLayout />,
    children: [
      index(Landing),
      route(paths.contact, Contact),
      route(paths.about, About),
      route(paths.terms, Terms),
      route(paths.login, Login),
      route(paths.register, Register),
      route(paths.dashboardRegister, Register),
      route(paths.verifyEmail, VerifyEmail),
      route(paths.resetPassword, ResetPassword),
      route(`${paths.invite}/:token`, Invite),
      ownerRoute(paths.selectSubscription, SelectSubscription),
      ownerRoute(paths.paymentDetails, PaymentDetails),
      ownerRoute(paths.subscriptionDetails, SubscriptionDetails),
      route(paths.menuDisplay, MenuDisplay),
      route(paths.cart, Cart),
      route(paths.customerDetails, CustomerDetails),
      route(paths.orderStatus, OrderStatus),
      route(paths.customerOrders, CustomerOrders),
      route(paths.trackOrder, TrackOrder),
      route(paths.bill, Bill),
      route(`${paths.bill}/:billId`, Bill),
      route(paths.pair, Pair),
      // Sub-pages join as children; unknown ones stay in the frame.
      route(paths.dashboard, Dashboard, [
        index(DashboardHome),
        dashboardRoute('createRestaurant', CreateRestaurant),
        dashboardRoute('editRestaurant', EditRestaurant),
        dashboardRoute('paymentSettings', PaymentSettings),
        dashboardRoute('profile', Profile),
        dashboardRoute('menuManagement', MenuManagement),
        dashboardRoute('generateQrCode', GenerateQrCode),
        dashboardRoute('orderSummary', OrderSummary),
        dashboardRoute('orderManagement', OrderManagement),
        dashboardRoute('kitchenManagement', KitchenManagement),
        dashboardRoute('placeOrder', PlaceOrder),
        dashboardRoute('staff', Staff),
        dashboardRoute('devices', Devices),
        dashboardRoute('auditTrail', AuditTrail),
        route('*', DashboardNotFound),
      ]),
      route('*', NotFound),
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Loads the code of the pages that `location` opens. Awaited before the first render, as the
 * data router did: the first paint is the page itself, not a spinner the page then pushes down.
 */
export async function loadPagesOf(location: Pick<Location, 'pathname'>): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(matches.map(({ route }) => (route.handle as LazyPage | undefined)?.load()));
}
