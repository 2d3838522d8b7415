import { createHash } from 'node:crypto';
import type { PricingRules, TaxRate } from '@tableserve/contract/bill';
import { percentFromRate } from '@tableserve/contract/bill';
import { DisplayMenuResponse, type MenuPricing } from '@tableserve/contract/customer-menu';
import { MAX_ID } from '@tableserve/contract/fields';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { InvalidatedCaches } from '../../lib/invalidated-caches';
import { type Precompressed, precompress } from '../../lib/precompressed';
import { isOrderable, toDinerMenuItem } from '../menu/menu.service';
import { type MenuItemRow, menuReads } from '../menu/menu-reads';
import { type RestaurantRow, restaurantReads, type TaxRateRow } from '../restaurants/restaurant-reads';
import { toRestaurantPublic } from '../restaurants/restaurants.service';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';

/** The diner's menu answer, serialised and compressed once per change of the menu. */
export type EncodedAnswer = Precompressed & { etag: string };

/** What every diner request of one restaurant needs, read once and kept until something changes. */
export type PublishedMenu = {
  restaurant: RestaurantRow;
  subscriptionValid: boolean;
  /** Every live item (available or not) by id: what orders are priced from. */
  items: Map<number, MenuItemRow>;
  /** The items a diner sees (available, not sold out), newest first, as the menu lists them. */
  shown: MenuItemRow[];
  /** The restaurant's tax rates, the default first (docs/decisions/020-money-model.md). */
  taxRates: TaxRateRow[];
  /** How its orders are priced (contract bill.ts). */
  rules: PricingRules;
  /** The tax rate a dish is priced at: its own, else the default; null when untaxed. */
  taxOf(item: Pick<MenuItemRow, 'taxRateId'>): TaxRate | null;
  /** The menu answer, with the token (the QR code's form) or without it (the id form). */
  answer(form: 'token' | 'id'): Promise<EncodedAnswer>;
  /** The same once it is encoded, else undefined: for an answer made without waiting. */
  encoded(form: 'token' | 'id'): EncodedAnswer | undefined;
};

export type PublishedMenus = ReturnType<typeof createPublishedMenus>;

/** Restaurants whose menus are kept at once; the least recently opened go first. */
const MAX_MENUS = 2_000;
/** A backstop only: every change invalidates at once; this bounds the harm of a lost message. */
const MAX_AGE_MS = 60_000;

/** Encoded as the route's response schema would (fastify-type-provider-zod), once instead of per request. */
const serialise = (body: unknown) =>
  Buffer.from(JSON.stringify(z.encode(DisplayMenuResponse, body as DisplayMenuResponse)));

async function compress(identity: Buffer): Promise<EncodedAnswer> {
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { etag, ...(await precompress(identity)) };
}

/**
 * Each restaurant's last encoded answers, so a menu reloaded with the same bytes (the max age's
 * reload, or every menu after any subscription changed) is not compressed again: brotli 11 costs
 * about 40 ms of CPU a menu, serialising it well under one. Kept from the moment compression
 * starts, so menus built side by side with the same bytes (phones opening one menu at once after
 * a change, by its id and by its token) share one compression.
 */
function createEncoder(maxEntries: number) {
  const last = new Map<string, { identity: Buffer; answer: Promise<EncodedAnswer> }>();
  return function encode(key: string, body: unknown): Promise<EncodedAnswer> {
    const identity = serialise(body);
    const previous = last.get(key);
    last.delete(key);
    const answer = previous?.identity.equals(identity) ? previous.answer : compress(identity);
    // Least recently encoded first out: a Map iterates in insertion order.
    if (last.size >= maxEntries) last.delete(last.keys().next().value!);
    last.set(key, { identity, answer });
    // A failed compression is not kept for the next build to share.
    answer.catch(() => {
      if (last.get(key)?.answer === answer) last.delete(key);
    });
    return answer;
  };
}

/**
 * What the cart needs to price as the server does (contract customer-menu.ts MenuPricing); none
 * for a restaurant paid at the counter without taxes or service, whose answer stays as it was.
 */
function pricingOf(restaurant: RestaurantRow, taxRates: TaxRateRow[]): MenuPricing | undefined {
  const asBefore =
    restaurant.paymentTiming === 'counter' && restaurant.serviceChargeRate === 0 && taxRates.length === 0;
  return asBefore ? undefined : pricingFields(restaurant, taxRates);
}

const pricingFields = (restaurant: RestaurantRow, taxRates: TaxRateRow[]): MenuPricing => ({
  payment_timing: restaurant.paymentTiming,
  prices_include_tax: restaurant.pricesIncludeTax,
  service_charge_percent: percentFromRate(restaurant.serviceChargeRate),
  service_charge_min_party: restaurant.serviceChargeMinParty,
  tax_rates: taxRates.map((rate) => ({
    tax_rate_id: rate.id,
    name: rate.name,
    rate_percent: percentFromRate(rate.rate),
  })),
});

/**
 * The menus diners open, cached per restaurant in this process: the restaurant, whether its
 * owner's subscription is valid, its items and the pre-serialised, pre-compressed answer with its
 * ETag. A diner's menu and a diner's order then cost no database read on the hot path.
 *
 * Correctness over speed: every change of a menu, a restaurant or any subscription invalidates
 * after it has committed, on every instance (lib/invalidated-caches.ts: Redis pub/sub when
 * REDIS_URL is set, nothing trusted while it is unheard). A load that overlaps an invalidation
 * answers its caller but is not kept, so a read from before a change can never be cached after it.
 */
export function createPublishedMenus(deps: {
  db: Db;
  subscriptions: Pick<SubscriptionsService, 'ownerHasValidSubscription'>;
  caches: InvalidatedCaches;
  /** Told whether each lookup found the menu cached (the metrics' hit and miss counts). */
  onLookup?: (hit: boolean) => void;
}) {
  const { db, subscriptions } = deps;
  const menus = deps.caches.cache<number, PublishedMenu>({
    name: 'published-menus',
    maxEntries: MAX_MENUS,
    maxAgeMs: MAX_AGE_MS,
  });
  const encode = createEncoder(2 * MAX_MENUS);
  // A shortcut from a QR code's token to its restaurant, checked against the menu it leads to.
  const idOfToken = new Map<string, number>();

  async function build(restaurant: RestaurantRow): Promise<PublishedMenu> {
    const [subscriptionValid, rows, taxRates] = await Promise.all([
      subscriptions.ownerHasValidSubscription(restaurant.ownerId),
      menuReads.liveItems(db, restaurant.id),
      restaurantReads.taxRates(db, restaurant.id),
    ]);
    const answers = new Map<'token' | 'id', Promise<EncodedAnswer>>();
    const encoded = new Map<'token' | 'id', EncodedAnswer>();
    const shown = rows.filter(isOrderable);
    const rateById = new Map(taxRates.map((rate) => [rate.id, rate]));
    const defaultRate = taxRates.find((rate) => rate.isDefault) ?? null;
    // A rate deleted since the dish named it is set null by its foreign key: the default then.
    const rateOf = (item: Pick<MenuItemRow, 'taxRateId'>) =>
      (item.taxRateId !== null && rateById.get(item.taxRateId)) || defaultRate;
    return {
      restaurant,
      subscriptionValid,
      items: new Map(rows.map((item) => [item.id, item])),
      shown,
      taxRates,
      rules: {
        pricesIncludeTax: restaurant.pricesIncludeTax,
        serviceRate: restaurant.serviceChargeRate,
        serviceMinParty: restaurant.serviceChargeMinParty,
      },
      taxOf(item) {
        const rate = rateOf(item);
        return rate ? { name: rate.name, rate: rate.rate } : null;
      },
      answer(form) {
        let answer = answers.get(form);
        if (!answer) {
          const publicFields = toRestaurantPublic(restaurant);
          answer = encode(`${restaurant.id}:${form}`, {
            restaurant: form === 'id' ? publicFields : { ...publicFields, token: restaurant.token },
            // Untaxed dishes carry no tax_rate_id: a restaurant without rates sends today's bytes.
            menu: shown.map((item) => {
              const rate = rateOf(item);
              return rate ? { ...toDinerMenuItem(item), tax_rate_id: rate.id } : toDinerMenuItem(item);
            }),
            pricing: pricingOf(restaurant, taxRates),
          });
          answers.set(form, answer);
          answer.then((value) => encoded.set(form, value)).catch(() => {});
        }
        return answer;
      },
      encoded: (form) => encoded.get(form),
    };
  }

  function heldByToken(token: string) {
    const id = idOfToken.get(token);
    const kept = id === undefined ? undefined : menus.get(id);
    return kept?.restaurant.token === token ? kept : undefined;
  }

  function counted(menu: PublishedMenu | undefined) {
    deps.onLookup?.(menu !== undefined);
    return menu;
  }

  function remembered(menu: PublishedMenu) {
    // Only a shortcut: when it grows past the menus kept, it starts again.
    if (idOfToken.size >= MAX_MENUS) idOfToken.clear();
    idOfToken.set(menu.restaurant.token, menu.restaurant.id);
    return menu;
  }

  async function buildFound(restaurant: RestaurantRow | undefined) {
    return restaurant && remembered(await build(restaurant));
  }

  return {
    /** The restaurant's published menu, or undefined when there is no such restaurant. */
    async byId(restaurantId: number): Promise<PublishedMenu | undefined> {
      if (!Number.isSafeInteger(restaurantId) || restaurantId < 1 || restaurantId > MAX_ID) return undefined;
      return (
        counted(menus.get(restaurantId)) ??
        menus.read(restaurantId, async () => buildFound(await restaurantReads.byId(db, restaurantId)))
      );
    },

    /** The same, by the menu token of the restaurant's QR code. */
    async byToken(token: string): Promise<PublishedMenu | undefined> {
      const kept = heldByToken(token);
      if (counted(kept)) return kept;
      return menus.readKeyed(
        token,
        async () => buildFound(await restaurantReads.byToken(db, token)),
        (menu) => menu.restaurant.id,
      );
    },

    /**
     * The menu as this process holds it now (by id or by token), without reading the database and
     * without counting the lookup: a caller that answers from it counts it with `countHit`; one
     * that does not asks byId or byToken next, which count theirs.
     */
    held: (key: { id: number } | { token: string }): PublishedMenu | undefined =>
      'id' in key ? menus.get(key.id) : heldByToken(key.token),

    /** A lookup answered from `held`'s menu, for the metrics. */
    countHit: () => deps.onLookup?.(true),

    /** After a change of the restaurant or its menu has committed. */
    invalidate: (restaurantId: number) => menus.invalidate(restaurantId),

    /** After a subscription changed: rare, and reached from many paths, so everything goes. */
    invalidateAll: () => menus.invalidateAll(),
  };
}
