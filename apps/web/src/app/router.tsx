import { type ComponentType, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from './root-layout';

/**
 * One lazily loaded module per page, so a diner's phone downloads only the code of the page it
 * opens. Each route module exports `Component`.
 */
function page(load: () => Promise<{ Component: ComponentType }>) {
  return lazy(async () => ({ default: (await load()).Component }));
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
const Dashboard = page(() => import('./routes/dashboard'));
const DashboardHome = page(() => import('./routes/dashboard-home'));
const CreateRestaurant = page(() => import('./routes/create-restaurant'));
const EditRestaurant = page(() => import('./routes/edit-restaurant'));
const Profile = page(() => import('./routes/profile'));
const MenuManagement = page(() => import('./routes/menu-management'));
const GenerateQrCode = page(() => import('./routes/generate-qr-code'));
const OrderSummary = page(() => import('./routes/order-summary'));
const OrderManagement = page(() => import('./routes/order-management'));
const KitchenManagement = page(() => import('./routes/kitchen-management'));
const PlaceOrder = page(() => import('./routes/place-order'));
const DashboardNotFound = page(() => import('./routes/dashboard-not-found'));
const NotFound = page(() => import('./routes/not-found'));

/**
 * The app's routes, in React Router's declarative mode: the data router's loaders and actions
 * are unused here, and leaving them out takes 17 KiB (gzipped) off every first load (issue 10).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.home} element={<RootLayout />}>
        <Route index element={<Landing />} />
        <Route path={paths.contact} element={<Contact />} />
        <Route path={paths.about} element={<About />} />
        <Route path={paths.terms} element={<Terms />} />
        <Route path={paths.login} element={<Login />} />
        <Route path={paths.register} element={<Register />} />
        <Route path={paths.dashboardRegister} element={<Register />} />
        <Route path={paths.verifyEmail} element={<VerifyEmail />} />
        <Route path={paths.resetPassword} element={<ResetPassword />} />
        <Route path={paths.selectSubscription} element={<SelectSubscription />} />
        <Route path={paths.paymentDetails} element={<PaymentDetails />} />
        <Route path={paths.subscriptionDetails} element={<SubscriptionDetails />} />
        <Route path={paths.menuDisplay} element={<MenuDisplay />} />
        <Route path={paths.cart} element={<Cart />} />
        <Route path={paths.customerDetails} element={<CustomerDetails />} />
        <Route path={paths.orderStatus} element={<OrderStatus />} />
        <Route path={paths.customerOrders} element={<CustomerOrders />} />
        <Route path={paths.trackOrder} element={<TrackOrder />} />
        {/* Sub-pages join as children; unknown ones stay in the frame. */}
        <Route path={paths.dashboard} element={<Dashboard />}>
          <Route index element={<DashboardHome />} />
          <Route path="create-restaurant" element={<CreateRestaurant />} />
          <Route path="edit-restaurant" element={<EditRestaurant />} />
          <Route path="profile" element={<Profile />} />
          <Route path="menu-management" element={<MenuManagement />} />
          <Route path="generate-qr-code" element={<GenerateQrCode />} />
          <Route path="order-summary" element={<OrderSummary />} />
          <Route path="order-management" element={<OrderManagement />} />
          <Route path="kitchen-management" element={<KitchenManagement />} />
          <Route path="place-order" element={<PlaceOrder />} />
          <Route path="*" element={<DashboardNotFound />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
