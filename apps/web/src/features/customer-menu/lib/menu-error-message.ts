import { customerMenuMessages, displayMenuServerMessages } from '@tableserve/contract/customer-menu';
import { ApiRequestError } from '@/lib/api-client';

export type MenuErrorKind = 'subscription' | 'noItems' | 'table' | 'other';

/**
 * Which of the spec's three menu failures an error is (docs/product/menu.md#diner-menu), or a
 * table's code past the restaurant's tables (ADR 013).
 */
export function menuErrorKind(error: unknown): MenuErrorKind {
  if (!(error instanceof ApiRequestError)) return 'other';
  if (error.status === 403 && error.serverMessage === displayMenuServerMessages.subscriptionInvalid) {
    return 'subscription';
  }
  if (error.status === 404 && error.serverMessage === displayMenuServerMessages.noItems) return 'noItems';
  if (error.status === 404 && error.serverMessage === displayMenuServerMessages.tableNotFound) return 'table';
  return 'other';
}

/** What the diner reads for each kind; `null` (no token at all) counts as any other failure. */
export function menuErrorMessage(error: unknown): string {
  switch (menuErrorKind(error)) {
    case 'subscription':
      return customerMenuMessages.subscriptionExpired;
    case 'noItems':
      return customerMenuMessages.noItems;
    case 'table':
      return customerMenuMessages.tableNotFound;
    default:
      return `${customerMenuMessages.noItems}${customerMenuMessages.tryLater}`;
  }
}
