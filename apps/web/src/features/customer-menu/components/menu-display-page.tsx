import type { DisplayMenuResponse } from '@tableserve/contract/customer-menu';
import { type MenuItem, menuCategoryLabels } from '@tableserve/contract/menu';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTableOwes } from '@/components/diner/use-table-owes';
import { ViewBillLink } from '@/components/diner/view-bill-link';
import { STICKY_HEADER_AFTER_PX } from '@/components/layout/header';
import { useScrolledPast } from '@/components/layout/use-scrolled-past';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { hasOptions } from '@/lib/item-options';
import { useHydrated } from '@/lib/use-hydrated';
import { useDisplayMenu } from '@/menu/display-menu';
import { cartItem, useCart } from '@/session/diner/cart';
import { cartNavigationState } from '@/session/diner/cart-navigation';
import { paymentTimingOf, savePaymentTiming, tableBillPath } from '@/session/diner/payment-timing';
import { menuToOpen, rememberRestaurant } from '@/session/diner/remember-restaurant';
import { useAllergenFilter } from '../hooks/use-allergen-filter';
import { useLiveSoldOut } from '../hooks/use-live-sold-out';
import { useOptionSheet } from '../hooks/use-option-sheet';
import { withoutAllergens } from '../lib/allergen-filter';
import { type CategoryFilter, categoriesPresent, groupMenu, todaysSpecials } from '../lib/menu-categories';
import { menuErrorKind, menuErrorMessage } from '../lib/menu-error-message';
import type { CartControl } from './add-to-cart-control';
import { AllergenFilterButton, HiddenByAllergensNote } from './allergen-filter';
import { CategoryPills } from './category-pills';
import { CHECKOUT_BAR_CLEARANCE_PX, CheckoutBar } from './checkout-bar';
import { FloatingCartButton } from './floating-cart-button';
import { MenuErrorState } from './menu-error-state';
import { MenuItemCard } from './menu-item-card';
import { MenuSkeleton } from './menu-skeleton';
import { PhotoPreview } from './photo-preview';
import { RestaurantHeader } from './restaurant-header';
import { TodaysSpecialStrip } from './todays-special-strip';

/** /menu-display?token=…: the page a diner opens by scanning the table's QR code. */
export function MenuDisplayPage() {
  const [searchParams] = useSearchParams();
  const opened = menuToOpen(searchParams);
  const { token, table, key } = opened;
  const query = useDisplayMenu(opened);
  const { data } = query;
  useLiveSoldOut(data?.restaurant.restaurant_id, opened);
  // The server paints this page without the table's key (one painting serves every scan of a
  // table): the bill's link comes once hydrated, with the key (docs/decisions/025-table-keys.md).
  const hydrated = useHydrated();
  const endOfMeal = data !== undefined && paymentTimingOf(data) === 'end_of_meal';
  // A card with its key asks whether its table has anything to pay: the link shows only then.
  const owes = useTableOwes(
    hydrated && endOfMeal && token && table !== null && key ? { token, table, key } : null,
  );

  // docs/product/api-conventions.md#api-calls: the stored restaurant (and its token) is compared and refreshed; the
  // table of a table's code (and its key) is kept for checkout and the bill (ADR 013), and when the restaurant is paid (ADR 020).
  useEffect(() => {
    if (!data) return;
    rememberRestaurant(data.restaurant, table, key);
    savePaymentTiming(data.restaurant.restaurant_id, paymentTimingOf(data));
  }, [data, table, key]);

  // A failed background refresh keeps the menu already shown.
  if (data) {
    // A card printed before keys still offers the bill, which says the code is out of date;
    // a card with its key offers it once its table has something to pay (never painted: the
    // server's painting cannot know).
    const bill: BillLink =
      token && table !== null && endOfMeal && hydrated && (key === null || owes)
        ? { to: tableBillPath(token, table, key) }
        : null;
    return <MenuView key={data.restaurant.restaurant_id} {...data} table={table} bill={bill} />;
  }
  if (token !== null && !query.isError) {
    return (
      <>
        <title>Menu · TableServe</title>
        <MenuSkeleton />
      </>
    );
  }

  const kind = token === null ? 'other' : menuErrorKind(query.error);
  return (
    <>
      <title>Menu · TableServe</title>
      <MenuErrorState
        kind={kind}
        message={token === null ? menuErrorMessage(null) : menuErrorMessage(query.error)}
        onRetry={token !== null && kind === 'other' ? () => query.refetch() : undefined}
        retrying={query.isFetching}
        // A table's code past the restaurant's tables: the menu itself still opens, without it.
        withoutTableHref={
          kind === 'table' && token !== null
            ? `${paths.menuDisplay}?token=${encodeURIComponent(token)}`
            : undefined
        }
      />
    </>
  );
}

/**
 * Photos in a phone's first screenful load at once, the rest as they are scrolled to (docs/performance.md):
 * the specials strip shows one card and part of a second, the items start below it.
 */
const EAGER_SPECIAL_PHOTOS = 2;
const EAGER_CARD_PHOTOS = 2;

/** "View bill & pay": none, or its path (null while the page is not yet hydrated, drawn inert). */
type BillLink = { to: string | null } | null;

function MenuView({
  restaurant,
  menu: fullMenu,
  table,
  bill,
}: DisplayMenuResponse & { table: number | null; bill: BillLink }) {
  const navigate = useNavigate();
  const cart = useCart(restaurant.restaurant_id);
  const [filter, setFilter] = useState<CategoryFilter>('all');
  const [preview, setPreview] = useState<MenuItem | null>(null);
  const siteHeaderStuck = useScrolledPast(STICKY_HEADER_AFTER_PX);
  const pillsRef = useRef<HTMLDivElement>(null);
  const itemsRef = useRef<HTMLElement>(null);
  const allergenFilter = useAllergenFilter();
  const optionSheet = useOptionSheet(fullMenu, cart.add);
  // Everything below shows only the dishes the diner's allergen filter lets through.
  const { shown, hiddenCount } = withoutAllergens(fullMenu, allergenFilter.avoided);
  const menu = shown;

  const categories = categoriesPresent(menu);
  // A refreshed menu may have lost the chosen category.
  const activeFilter = filter === 'all' || categories.includes(filter) ? filter : 'all';
  const groups = groupMenu(menu, activeFilter);
  const specials = todaysSpecials(menu);
  const cartHasItems = cart.count > 0;
  const name = restaurant.restaurant_name || restaurant.name;

  const cartControlOf = (item: MenuItem): CartControl =>
    hasOptions(item)
      ? { kind: 'chooser', quantity: cart.dishCount(item.menu_id), onChoose: () => optionSheet.choose(item) }
      : {
          kind: 'stepper',
          quantity: cart.quantityOf(cartItem(item)),
          onChange: (quantity) => cart.setQuantity(cartItem(item), quantity),
        };

  const goToCart = () =>
    navigate(paths.cart, { state: cartNavigationState(cart.lines, restaurant.restaurant_id) });

  function selectCategory(next: CategoryFilter) {
    setFilter(next);
    // Scrolled past the pills, the new list would start off-screen above them: bring its top back.
    const items = itemsRef.current;
    const pills = pillsRef.current;
    if (items && pills && items.getBoundingClientRect().top < pills.getBoundingClientRect().bottom) {
      items.scrollIntoView?.({ block: 'start' });
    }
  }

  return (
    // One main landmark for the whole menu: the restaurant's header, the specials and the items.
    <main
      className={cn(
        // The site header turns fixed after 100 px of scroll; the sticky bars below sit under it.
        siteHeaderStuck ? '[--site-header:4rem] md:[--site-header:4.5rem]' : '[--site-header:0px]',
        cartHasItems && 'pb-24',
      )}
    >
      <title>{`${name} · Menu · TableServe`}</title>
      <RestaurantHeader restaurant={restaurant} table={table} className="sticky top-(--site-header) z-30" />
      {bill && (
        <div className="mx-auto max-w-6xl px-4 pt-4 md:px-8">
          <ViewBillLink to={bill.to} className="w-full sm:w-auto" />
        </div>
      )}

      <div className="mx-auto max-w-6xl md:px-8">
        {restaurant.description && (
          <p className="px-4 pt-4 text-sm leading-relaxed text-stone-600 md:px-0 md:pt-6 md:text-base">
            {restaurant.description}
          </p>
        )}
        {specials.length > 0 && (
          <TodaysSpecialStrip
            items={specials}
            cartControlOf={cartControlOf}
            onOpenPhoto={setPreview}
            eagerPhotos={EAGER_SPECIAL_PHOTOS}
          />
        )}
      </div>

      <div
        ref={pillsRef}
        className="sticky top-[calc(var(--site-header)+3.5rem)] z-20 mt-3 border-b border-stone-200/80 bg-stone-50/95 backdrop-blur-md"
      >
        <div className="mx-auto flex max-w-6xl items-center">
          <CategoryPills
            categories={categories}
            selected={activeFilter}
            onSelect={selectCategory}
            className="min-w-0 flex-1"
          />
          <div className="shrink-0 border-l border-stone-200/80 py-2 pr-4 pl-2 md:pr-8 md:pl-3">
            <AllergenFilterButton
              menu={fullMenu}
              avoided={allergenFilter.avoided}
              onChange={allergenFilter.change}
            />
          </div>
        </div>
      </div>

      <section
        ref={itemsRef}
        aria-label={`${name} menu`}
        className="mx-auto max-w-6xl scroll-mt-[calc(var(--site-header)+7.5rem)] space-y-9 px-4 pt-5 pb-14 md:px-8 md:pt-8"
      >
        {hiddenCount > 0 && (
          <HiddenByAllergensNote
            hiddenCount={hiddenCount}
            everythingHidden={menu.length === 0}
            onClear={allergenFilter.clear}
          />
        )}
        {groups.map(({ category, items }, groupIndex) => (
          <section key={category} aria-labelledby={`category-${category}`}>
            <h2
              id={`category-${category}`}
              className="flex items-baseline gap-2 text-xl font-bold tracking-tight md:text-2xl"
            >
              {menuCategoryLabels[category]}
              <span className="text-sm font-medium text-stone-400">{items.length}</span>
            </h2>
            <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 md:gap-5 lg:grid-cols-3">
              {items.map((item, itemIndex) => (
                <MenuItemCard
                  key={item.menu_id}
                  item={item}
                  eager={groupIndex === 0 && itemIndex < EAGER_CARD_PHOTOS}
                  fetchPriority={
                    specials.length === 0 && groupIndex === 0 && itemIndex === 0 ? 'high' : undefined
                  }
                  cart={cartControlOf(item)}
                  onOpenPhoto={() => setPreview(item)}
                />
              ))}
            </div>
          </section>
        ))}
      </section>

      {/* An empty cart floats nothing over the dishes (docs/product/menu.md#diner-menu). */}
      {cartHasItems && (
        <FloatingCartButton
          count={cart.count}
          subtotal={cart.subtotal}
          bottomClearance={CHECKOUT_BAR_CLEARANCE_PX}
          onOpen={goToCart}
        />
      )}
      {cartHasItems && <CheckoutBar count={cart.count} subtotal={cart.subtotal} onCheckout={goToCart} />}
      <PhotoPreview item={preview} onClose={() => setPreview(null)} />
      {optionSheet.sheet}
    </main>
  );
}
