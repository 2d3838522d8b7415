import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { DomainEventBus } from '../../lib/domain-events';
import type { PaymentProvider } from './payments/payment-provider';

/** What the subscriptions module's parts are built from (app.ts wires them). */
export type SubscriptionsServiceDeps = {
  db: Db;
  provider: PaymentProvider;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Every committed change of a subscription is announced as 'subscription.changed'. */
  events: DomainEventBus;
  /**
   * What this module needs to know of an owner, from the modules that own those tables. Passed
   * in, not imported: restaurants (search, linking at creation) and auth (through restaurants)
   * depend on this module, never the reverse.
   */
  owners: {
    /** The id of the owner's restaurant, if they have created it. */
    restaurantIdOf(ownerId: number): Promise<number | undefined>;
    contactOf(ownerId: number): Promise<{ email: string; firstName: string; lastName: string } | undefined>;
  };
};

/** Tells the app an owner's subscription changed, after the change committed. */
export const announceChange = (events: DomainEventBus, ownerId: number) =>
  events.emit('subscription.changed', { ownerId });
