import { zonedFormat } from '@/orders/lib/order-summary-format';

/**
 * Dates and times on the staff's screens (Staff, Devices, the audit trail), one way everywhere:
 * 'Dec 2, 2026' and 'Dec 2, 2026, 7:05 PM', in the restaurant's zone (the browser's when the
 * screen does not know it yet).
 */

const date: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const dateAndTime: Intl.DateTimeFormatOptions = { ...date, hour: 'numeric', minute: '2-digit' };

/** 'Dec 2, 2026'. */
export const formatRestaurantDate = (iso: string, timeZone?: string): string =>
  zonedFormat(date, timeZone).format(new Date(iso));

/** 'Dec 2, 2026, 7:05 PM'. */
export const formatRestaurantDateTime = (iso: string, timeZone?: string): string =>
  zonedFormat(dateAndTime, timeZone).format(new Date(iso));
