/**
 * What other modules may read of the subscriptions tables: the subscriptions module owns them,
 * so nothing outside this folder imports its repository (apps/server/src/architecture.test.ts).
 */
export { hasValidSubscription } from './subscriptions.repository';
