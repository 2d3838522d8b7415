import { firstAllowedPath } from '@/config/dashboard-access';
import { paths } from '@/config/paths';
import { saveOwnerLogin, saveSubscriptionId } from '@/session/owner/owner-session';
import { getSubscriptionStatus, type SubscriptionStatus } from '@/session/owner/subscription-status';
import { loginOwner, type OwnerCredentials } from '../api/login';
import { loginDestination } from './login-destination';

/**
 * Signs an owner in and works out where they go (docs/product/accounts.md#login-routing): log in, store
 * the session, read the subscription status with the new token, route. Only a failed login
 * rejects; a failed status call sends the owner to plan selection, where the status is read again.
 */
export async function signInOwner(credentials: OwnerCredentials): Promise<string> {
  const login = await loginOwner(credentials);
  saveOwnerLogin(login);
  // The routing by subscription is the owner's; a staff member opens the first screen their
  // role allows (docs/product/staff.md#roles).
  if (login.role) return firstAllowedPath(login.role);

  let subscription: SubscriptionStatus | null;
  try {
    subscription = await getSubscriptionStatus(login.user_id, login.token);
  } catch {
    return paths.selectSubscription;
  }

  const destination = loginDestination(subscription);
  if (destination.to === paths.dashboard && destination.subscriptionId !== null) {
    saveSubscriptionId(destination.subscriptionId);
  }
  return destination.to;
}
