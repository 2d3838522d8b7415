import { cartMessages } from '@tableserve/contract/cart';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { EmptyCart } from '@/components/diner/empty-cart';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PriceBreakdown } from '@/components/ui/price-breakdown';
import { paths } from '@/config/paths';
import { priceCart } from '@/lib/cart-pricing';
import { formatDollars } from '@/lib/money';
import { displayMenuQueryOptions } from '@/menu/display-menu';
import { type CartLine, cartLineKey, cartLinesFor, useCart } from '@/session/diner/cart';
import { cartNavigationState, restaurantIdFromState } from '@/session/diner/cart-navigation';
import {
  menuPath,
  readCurrentRestaurant,
  readCurrentRestaurantId,
  readMenuToken,
} from '@/session/diner/current-restaurant';
import { CartLineRow } from './cart-line-row';

/** /cart: the diner's lines for the current restaurant, their sub-total and Checkout (docs/product/ordering.md#cart). */
export function CartPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const restaurantId = restaurantIdFromState(location.state) ?? readCurrentRestaurantId();
  const cart = useCart(restaurantId);
  const [checkoutError, setCheckoutError] = useState<string | null>(null);
  const restaurant = readCurrentRestaurant();
  const restaurantName =
    restaurant && restaurant.restaurant_id === restaurantId
      ? restaurant.restaurant_name || restaurant.name
      : null;
  const menuHref = menuPath();
  const { soldOut, menu } = useCartMenu(restaurantId, cart.lines);
  // The party size is asked at checkout: until then a minimum party's service charge is not shown.
  const figures = priceCart(cart.lines, menu, null);

  function checkout() {
    // Read afresh: the cart may have expired or been emptied in another tab since this render.
    const lines = restaurantId === null ? [] : cartLinesFor(restaurantId);
    if (restaurantId === null || lines.length === 0) {
      setCheckoutError(cartMessages.emptyCartCheckout);
      return;
    }
    if (lines.some((line) => soldOut.has(line.menu_id))) {
      setCheckoutError(cartMessages.removeSoldOut);
      return;
    }
    navigate(paths.customerDetails, { state: cartNavigationState(lines, restaurantId) });
  }

  if (cart.lines.length === 0) return <EmptyCart menuHref={menuHref} checkoutError={checkoutError} />;

  const itemsLabel = cart.count === 1 ? '1 item' : `${cart.count} items`;

  return (
    <main className="mx-auto max-w-5xl px-4 pt-4 pb-16 md:px-8 md:pt-8">
      <Link
        to={menuHref}
        className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-stone-600 hover:bg-stone-100 hover:text-stone-900"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {cartMessages.backToMenu}
      </Link>
      <div className="mt-2 md:mt-4">
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Your cart</h1>
        {restaurantName && <p className="mt-1 text-sm text-stone-500">From {restaurantName}</p>}
      </div>

      <div className="mt-5 grid gap-5 md:mt-8 md:grid-cols-[1fr_20rem] md:items-start md:gap-8">
        <Card className="px-4 md:px-6">
          {/* The item names are h3: this keeps the outline h1 → h2 → h3. */}
          <h2 className="sr-only">Cart items</h2>
          <ul aria-label="Cart items" className="divide-y divide-stone-100">
            {cart.lines.map((line) => (
              <CartLineRow
                key={cartLineKey(line)}
                line={line}
                soldOut={soldOut.has(line.menu_id)}
                onQuantityChange={(quantity) => cart.setQuantity(line, quantity)}
                onRemove={() => {
                  cart.remove(line);
                  setCheckoutError(null);
                }}
              />
            ))}
          </ul>
        </Card>

        {/* On a phone the summary stays at the thumb's reach while a long cart scrolls under it. */}
        <Card className="sticky bottom-3 p-5 shadow-raised md:top-24 md:bottom-auto md:p-6 md:shadow-card">
          <h2 className="sr-only">Order summary</h2>
          <dl className="flex items-baseline justify-between gap-4">
            <dt className="text-base font-medium text-stone-700">Subtotal ({itemsLabel})</dt>
            <dd className="text-xl font-bold text-stone-900 tabular-nums">{formatDollars(cart.subtotal)}</dd>
          </dl>
          {figures ? (
            <PriceBreakdown figures={figures} />
          ) : (
            <p className="mt-1 text-sm text-stone-500">{cartMessages.taxAndFees}</p>
          )}
          {checkoutError && (
            <p role="alert" className="mt-4 text-sm font-medium text-red-700">
              {checkoutError}
            </p>
          )}
          <Button size="lg" className="mt-5 w-full rounded-full" onClick={checkout}>
            Checkout
            <ArrowRight className="size-5" aria-hidden />
          </Button>
        </Card>
      </div>
    </main>
  );
}

/**
 * The restaurant's menu, as fresh as the server's (its pricing prices the cart), and the cart's
 * dishes that are no longer on it (docs/decisions/015-stock-and-sold-out.md): sold out or
 * switched off since they were added. The menu is read again on arrival (an empty 304 when it has
 * not changed): the cached one stopped following changes when the diner left the menu. Until it is
 * known, nothing is marked (the server refuses by name anyway).
 */
function useCartMenu(restaurantId: number | null, lines: readonly CartLine[]) {
  const key = readMenuToken() ?? (restaurantId === null ? null : String(restaurantId));
  const { data } = useQuery({
    // Without the table: the menu is the same, and the table is checked at checkout.
    ...displayMenuQueryOptions(key ?? '', null),
    enabled: key !== null,
    refetchOnMount: 'always',
  });
  if (!data || data.restaurant.restaurant_id !== restaurantId) {
    return { soldOut: new Set<number>() as ReadonlySet<number>, menu: undefined };
  }
  const onMenu = new Set(data.menu.map((item) => item.menu_id));
  const soldOut: ReadonlySet<number> = new Set(
    lines.flatMap((line) => (onMenu.has(line.menu_id) ? [] : [line.menu_id])),
  );
  return { soldOut, menu: data };
}
