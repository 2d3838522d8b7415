import type { AuditAction } from '@tableserve/contract/audit';
import {
  MAX_TAX_RATES,
  type PaymentSettingsResponse,
  rateFromPercent,
  type TaxRateBody,
  paymentSettingsMessages as text,
} from '@tableserve/contract/payment-settings';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { DomainEventBus } from '../../lib/domain-events';
import { changedFields, recordAudit } from '../audit/audit-log';
import { lockedRestaurantOfCaller, paymentSettingsOf, toTaxRate } from './payment-settings.service';
import type { RestaurantRow } from './restaurants.repository';
import { taxRatesRepository as repo, type TaxRateRow } from './tax-rates.repository';

export type TaxRatesService = ReturnType<typeof createTaxRatesService>;

const taxRateNotFound = () => notFound(text.taxRateNotFound, 'TAX_RATE_NOT_FOUND');
const sameName = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/**
 * A restaurant's tax rates (docs/decisions/020-money-model.md#taxes-service-tips): at most ten,
 * names unique (whatever the case), one default. Each change runs under the restaurant's row
 * lock, so two at once cannot pass the limit or share a name.
 */
export function createTaxRatesService({ db, events }: { db: Db; events: DomainEventBus }) {
  /** One change in one transaction: the restaurant locked, the audit entry written, the menu told. */
  async function change(
    actor: Actor,
    restaurantId: number,
    message: string,
    work: (tx: DbOrTx, restaurant: RestaurantRow, rates: TaxRateRow[]) => Promise<void>,
  ): Promise<PaymentSettingsResponse> {
    const data = await db.transaction(async (tx) => {
      const restaurant = await lockedRestaurantOfCaller(tx, actor, restaurantId);
      await work(tx, restaurant, await repo.ofRestaurant(tx, restaurant.id));
      return paymentSettingsOf(tx, restaurant);
    });
    // The diners' menu prices every dish at its rate: it follows at once.
    events.emit('restaurant.changed', { restaurantId });
    return { message, data };
  }

  const refuseTakenName = (rates: TaxRateRow[], name: string, except?: number) => {
    if (rates.some((rate) => rate.id !== except && sameName(rate.name, name)))
      throw conflict(text.duplicateName, 'TAX_RATE_NAME_TAKEN');
  };

  /** The one default: setting it clears the previous one first (the partial unique index). */
  const clearDefaultFor = async (tx: DbOrTx, restaurantId: number, isDefault: boolean) => {
    if (isDefault) await repo.clearDefault(tx, restaurantId);
  };

  const audit = (tx: DbOrTx, actor: Actor, row: TaxRateRow, action: AuditAction, change: object) =>
    recordAudit(tx, actor, {
      restaurantId: row.restaurantId,
      action,
      objectType: 'tax_rate',
      objectId: row.id,
      ...change,
    });

  return {
    add: (actor: Actor, restaurantId: number, body: TaxRateBody) =>
      change(actor, restaurantId, text.taxRateAdded, async (tx, restaurant, rates) => {
        if (rates.length >= MAX_TAX_RATES) throw badRequest(text.tooManyTaxRates, 'TOO_MANY_TAX_RATES');
        refuseTakenName(rates, body.name);
        const isDefault = body.is_default ?? false;
        await clearDefaultFor(tx, restaurant.id, isDefault);
        const row = await repo.insert(tx, restaurant.id, {
          name: body.name,
          rate: rateFromPercent(body.rate_percent),
          isDefault,
        });
        await audit(tx, actor, row, 'tax_rate.added', { after: toTaxRate(row) });
      }),

    update: (actor: Actor, restaurantId: number, taxRateId: number, body: TaxRateBody) =>
      change(actor, restaurantId, text.taxRateUpdated, async (tx, restaurant, rates) => {
        const before = rates.find((rate) => rate.id === taxRateId);
        if (!before) throw taxRateNotFound();
        refuseTakenName(rates, body.name, before.id);
        const isDefault = body.is_default ?? before.isDefault;
        await clearDefaultFor(tx, restaurant.id, isDefault && !before.isDefault);
        const after = await repo.update(tx, restaurant.id, before.id, {
          name: body.name,
          rate: rateFromPercent(body.rate_percent),
          isDefault,
        });
        if (!after) throw taxRateNotFound();
        const changed = changedFields(toTaxRate(before), toTaxRate(after));
        if (Object.keys(changed.after).length > 0) await audit(tx, actor, after, 'tax_rate.changed', changed);
      }),

    /** Dishes that named it fall back to the default rate (the foreign key sets theirs to null). */
    remove: (actor: Actor, restaurantId: number, taxRateId: number) =>
      change(actor, restaurantId, text.taxRateDeleted, async (tx, restaurant) => {
        const row = await repo.remove(tx, restaurant.id, taxRateId);
        if (!row) throw taxRateNotFound();
        await audit(tx, actor, row, 'tax_rate.deleted', { before: toTaxRate(row) });
      }),
  };
}
