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
   * The id of the owner's restaurant, if they have created it. Passed in, not imported: the
   * restaurants module depends on this one (search, linking at creation), never the reverse.
   */
  restaurantIdOfOwner: (ownerId: number) => Promise<number | undefined>;
};

/** Tells the app an owner's subscription changed, after the change committed. */
export const announceChange = (events: DomainEventBus, ownerId: number) =>
  events.emit('subscription.changed', { ownerId });
