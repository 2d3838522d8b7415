import type { AlertType } from '@/components/ui/alert';

/** A message for the screen's banner: the spec's three types (docs/product/accounts.md#owner-login). */
export type BannerMessage = { type: AlertType; text: string };
