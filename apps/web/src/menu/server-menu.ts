import type { QueryClient } from '@tanstack/react-query';
import { displayMenuQueryOptions } from './display-menu';
import { checkDisplayMenu } from './display-menu-shape';

/** The id of the element holding the menu the server painted the page from, as JSON. */
export const SERVER_MENU_ID = 'server-menu';

/** What the server painted /menu-display from: the menu's answer and the query it answers. */
export type ServerMenu = { token: string; table: number | null; menu: unknown };

/**
 * `json` made safe to place inside `<script type="application/json">`: a `<` in a dish's name
 * (`</script>`, `<!--`) would end the element early, so every `<` becomes `\u003c`; U+2028 and
 * U+2029 are escaped too, for tools that read the block as JavaScript. JSON.parse reads all three
 * back unchanged (JSON has `<` only inside strings).
 */
export function jsonForScriptElement(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Puts the server's menu in the query cache, where the menu page's own query finds it fresh: the
 * page neither waits for nor asks for the menu a second time.
 */
export function seedServerMenu(queryClient: QueryClient, { token, table, menu }: ServerMenu): void {
  queryClient.setQueryData(displayMenuQueryOptions(token, table).queryKey, checkDisplayMenu(menu));
}
