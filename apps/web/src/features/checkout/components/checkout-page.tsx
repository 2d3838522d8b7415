import { orderMessages } from '@tableserve/contract/order';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { EmptyCart } from '@/components/diner/empty-cart';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { priceCart } from '@/lib/cart-pricing';
import { displayMenuQueryOptions } from '@/menu/display-menu';
import { useCart } from '@/session/diner/cart';
import { restaurantIdFromState } from '@/session/diner/cart-navigation';
import type { CheckoutSignInProps } from '@/session/diner/checkout-sign-in';
import { menuPath, readCurrentRestaurantId, readMenuToken } from '@/session/diner/current-restaurant';
import { useCustomer } from '@/session/diner/customer-session';
import { readPaymentTiming } from '@/session/diner/payment-timing';
import { readTableFromCode } from '@/session/diner/table-from-code';
import { useCheckoutRestaurant } from '../api/checkout-restaurant';
import { useCustomerLocation } from '../hooks/use-customer-location';
import { useSubmitOrder } from '../hooks/use-submit-order';
import { ORDER_FORM_ID, OrderForm } from './order-form';
import { OrderSummary } from './order-summary';
import { PaymentNote } from './payment-note';

type CheckoutPageProps = { SignIn: ComponentType<CheckoutSignInProps> };

/**
 * /customer_details (docs/product/ordering.md#checkout): the diner logs in, signs up
 * or continues as a guest, picks pickup or a table, and submits the cart as an order.
 */
export function CheckoutPage({ SignIn }: CheckoutPageProps) {
  const routerLocation = useLocation();
  const restaurantId = restaurantIdFromState(routerLocation.state) ?? readCurrentRestaurantId();
  const cart = useCart(restaurantId);
  const customer = useCustomer();
  const { restaurant, isLoading, isError } = useCheckoutRestaurant(restaurantId);
  const location = useCustomerLocation();
  const [justSignedIn, setJustSignedIn] = useState(false);
  const menu = useMenuOf(restaurantId);
  // Asked only for a dine-in order when the service charge has a minimum party (ADR 020).
  const minParty = menu?.pricing?.service_charge_min_party ?? null;
  const [partySize, setPartySize] = useState<number | null>(null);
  const [dineIn, setDineIn] = useState(true);
  const party = minParty !== null && dineIn ? partySize : null;
  const figures = priceCart(cart.lines, menu, party);
  const order = useSubmitOrder({
    restaurantId,
    lines: cart.lines,
    locate: location.locate,
    currentLocation: location.location,
  });

  // Between a placed order (the cart is cleared) and the order status screen.
  if (order.placed) return <LoadingScreen label="Opening your order" />;
  if (restaurantId === null || cart.lines.length === 0) return <EmptyCart menuHref={menuPath()} />;

  const restaurantName = restaurant?.restaurant_name || restaurant?.name;

  return (
    <main className="mx-auto max-w-5xl px-4 pt-4 pb-16 md:px-8 md:pt-8">
      <Link
        to={paths.cart}
        state={{ restaurant_id: restaurantId }}
        className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-stone-600 hover:bg-stone-100 hover:text-stone-900"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to cart
      </Link>
      <div className="mt-2 md:mt-4">
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Checkout</h1>
        {restaurantName && <p className="mt-1 text-sm text-stone-500">Ordering from {restaurantName}</p>}
      </div>

      <div className="mt-5 grid gap-5 md:mt-8 md:grid-cols-[1fr_20rem] md:items-start md:gap-8 lg:grid-cols-[1fr_22rem]">
        {customer ? (
          <OrderForm
            customer={customer}
            tables={isLoading || !restaurant ? null : restaurant.number_of_tables}
            restaurantFailed={isError}
            locationStatus={location.status}
            onLocate={() => void location.locate()}
            onSubmit={(choice) => void order.submit({ ...choice, partySize: party })}
            onOrderTypeChange={(type) => setDineIn(type === 'dine-in')}
            partySize={minParty === null ? undefined : { minParty, value: partySize, onChange: setPartySize }}
            justSignedIn={justSignedIn}
            tableFromCode={readTableFromCode(restaurantId)}
          />
        ) : (
          <SignIn restaurantId={restaurantId} onSignedIn={() => setJustSignedIn(true)} />
        )}

        <OrderSummary
          lines={cart.lines}
          count={cart.count}
          subtotal={cart.subtotal}
          figures={figures}
          restaurantId={restaurantId}
        >
          {customer && <PaymentNote timing={readPaymentTiming(restaurantId)} dineIn={dineIn} />}
          {customer ? (
            <Button type="submit" form={ORDER_FORM_ID} size="lg" busy={order.busy} className="mt-5 w-full">
              {order.busy ? orderMessages.processing : 'Submit Order'}
            </Button>
          ) : (
            <p className="mt-5 rounded-xl bg-stone-50 px-4 py-3 text-sm text-stone-600">
              Log in or continue as a guest to place your order.
            </p>
          )}
        </OrderSummary>
      </div>
    </main>
  );
}

/** The restaurant's menu as the cart read it (cached): its pricing prices the order here too. */
function useMenuOf(restaurantId: number | null) {
  const key = readMenuToken() ?? (restaurantId === null ? null : String(restaurantId));
  const { data } = useQuery({ ...displayMenuQueryOptions(key ?? '', null), enabled: key !== null });
  return data && data.restaurant.restaurant_id === restaurantId ? data : undefined;
}
