import type { AlertType } from '@/components/ui/alert';

/** A message for the screen's banner: the spec's three types (owner-side §4 Login screen modes). */
export type BannerMessage = { type: AlertType; text: string };
