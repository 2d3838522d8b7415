/**
 * A phone number as 3-3-4 digits, e.g. 555-123-4567 (docs/product/menu.md#diner-menu). A leading
 * US country code is dropped; anything that is not 10 digits is shown as it was stored.
 */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return phone.trim();
  return `${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`;
}
