import { MenuDisplayPage } from '@/features/customer-menu/components/menu-display-page';

/** The page sets its own <title>: it carries the restaurant's name once the menu has loaded. */
export function Component() {
  return <MenuDisplayPage />;
}
