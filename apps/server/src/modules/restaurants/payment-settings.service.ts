import {
  type GetPaymentSettingsResponse,
  type PaymentSettings,
  type PaymentSettingsBody,
  type PaymentSettingsResponse,
  percentFromRate,
  rateFromPercent,
  paymentSettingsMessages as text,
} from '@tableserve/contract/payment-settings';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { DomainEventBus } from '../../lib/domain-events';
import { withoutUndefined } from '../../lib/objects';
import { recordChanges } from '../audit/audit-log';
import { restaurantNotFound, restaurantOfCaller } from './restaurant-of-caller';
import { type RestaurantRow, restaurantsRepository as repo } from './restaurants.repository';
import { type TaxRateRow, taxRatesRepository } from './tax-rates.repository';

export type PaymentSettingsDeps = { db: Db; events: DomainEventBus };
export type PaymentSettingsService = ReturnType<typeof createPaymentSettingsService>;

export const toTaxRate = (row: TaxRateRow) => ({
  tax_rate_id: row.id,
  name: row.name,
  rate_percent: percentFromRate(row.rate),
  is_default: row.isDefault,
});

/** The settings without the rates: what the settings form changes, and its audit entry shows. */
const ownSettings = (row: RestaurantRow): Omit<PaymentSettings, 'tax_rates'> => ({
  payment_timing: row.paymentTiming,
  prices_include_tax: row.pricesIncludeTax,
  service_charge_percent: percentFromRate(row.serviceChargeRate),
  service_charge_min_party: row.serviceChargeMinParty,
  stripe_account_id: row.stripeAccountId,
  tax_registration_number: row.taxRegistrationNumber,
});

/** The whole settings as they stand now (in `db`, the transaction that just changed them). */
export async function paymentSettingsOf(db: DbOrTx, row: RestaurantRow): Promise<PaymentSettings> {
  const rates = await taxRatesRepository.ofRestaurant(db, row.id);
  return { ...ownSettings(row), tax_rates: rates.map(toTaxRate) };
}

/**
 * The caller's restaurant, its row held until the transaction ends: every change to its
 * settings and rates runs one after the other, so the rate limit and unique names hold.
 */
export async function lockedRestaurantOfCaller(tx: DbOrTx, actor: Actor, restaurantId: number) {
  const row = await repo.findOwned(tx, restaurantId, actor.ownerId, { lock: true });
  if (!row) throw restaurantNotFound();
  return row;
}

/** When and how diners pay (docs/decisions/020-money-model.md), owner side. */
export function createPaymentSettingsService({ db, events }: PaymentSettingsDeps) {
  return {
    async get(actor: Actor, restaurantId: number): Promise<GetPaymentSettingsResponse> {
      const row = await restaurantOfCaller(db, actor.ownerId, restaurantId);
      return { data: await paymentSettingsOf(db, row) };
    },

    /** Only the fields sent change; the diners' menu prices with the new ones at once. */
    async update(
      actor: Actor,
      restaurantId: number,
      body: PaymentSettingsBody,
    ): Promise<PaymentSettingsResponse> {
      const changes = withoutUndefined({
        paymentTiming: body.payment_timing,
        pricesIncludeTax: body.prices_include_tax,
        serviceChargeRate:
          body.service_charge_percent === undefined
            ? undefined
            : rateFromPercent(body.service_charge_percent),
        serviceChargeMinParty: body.service_charge_min_party,
        stripeAccountId: body.stripe_account_id,
        taxRegistrationNumber: body.tax_registration_number,
      });
      const data = await db.transaction(async (tx) => {
        const before = await lockedRestaurantOfCaller(tx, actor, restaurantId);
        const after = Object.keys(changes).length
          ? ((await repo.updateOwned(tx, before.id, actor.ownerId, changes)) ?? before)
          : before;
        await recordChanges(
          tx,
          actor,
          {
            restaurantId: after.id,
            action: 'restaurant.payment_settings_changed',
            objectType: 'restaurant',
            objectId: after.id,
          },
          ownSettings(before),
          ownSettings(after),
        );
        return paymentSettingsOf(tx, after);
      });
      events.emit('restaurant.changed', { restaurantId });
      return { message: text.saved, data };
    },
  };
}
