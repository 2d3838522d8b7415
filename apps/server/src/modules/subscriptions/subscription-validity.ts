import type { DomainEventBus } from '../../lib/domain-events';
import type { InvalidatedCaches } from '../../lib/invalidated-caches';
import type { SubscriptionsService } from './subscriptions.service';

/** Owners whose subscription's validity is kept at once. */
const MAX_VALIDITIES_KEPT = 10_000;
/** A backstop only: every subscription change forgets the owner's validity at once, everywhere. */
const VALIDITY_MAX_AGE_MS = 30_000;

export type SubscriptionValidity = ReturnType<typeof createSubscriptionValidity>;

/**
 * Whether an owner's subscription is valid, kept in memory for the staff's writes: every change
 * of a subscription (checkout, cancellation, the sweep that ends a period or a grace, a Stripe
 * event) announces 'subscription.changed' once committed, which forgets it on every instance.
 * What is kept is the answer of today's check (the status), not a date: a period's end lapses
 * through the sweep (or the provider's renewal), which announces itself like any other change.
 */
export function createSubscriptionValidity(deps: {
  caches: InvalidatedCaches;
  subscriptions: Pick<SubscriptionsService, 'ownerHasValidSubscription'>;
  events: DomainEventBus;
}) {
  const validity = deps.caches.cache<number, boolean>({
    name: 'subscription-validity',
    maxEntries: MAX_VALIDITIES_KEPT,
    maxAgeMs: VALIDITY_MAX_AGE_MS,
  });
  deps.events.on('subscription.changed', ({ ownerId }) => validity.invalidate(ownerId));
  return {
    ownerHasValidSubscription: async (ownerId: number): Promise<boolean> =>
      (await validity.read(ownerId, () => deps.subscriptions.ownerHasValidSubscription(ownerId))) ?? false,
  };
}
