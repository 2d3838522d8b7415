import { billPageMessages } from '@tableserve/contract/bill-page';
import { waitFor } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { BrowserRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allergenFilterTexts, saveAllergenFilter } from '@/features/customer-menu/lib/allergen-filter';
import { SERVER_MENU_ID, type ServerMenu, seedServerMenu } from '@/menu/server-menu';
import { cartItem, setCartQuantity } from '@/session/diner/cart';
import { demoMenu, displayMenuFixture, menuItemFixture } from '@/test/menu-fixtures';
import { stubFetch } from '@/test/render-route';
import { App, createQueryClient } from './app';
import { renderPage } from './entry-server';
import { AppRoutes, loadPagesOf } from './router';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>TableServe</title></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const serverMenuOf = (page: Document) =>
  JSON.parse(page.getElementById(SERVER_MENU_ID)?.textContent ?? 'null') as ServerMenu;
const dishNames = (root: ParentNode) =>
  [...root.querySelectorAll('article')].map((card) => card.getAttribute('aria-label'));

/**
 * Here, unlike on a server, React's server renderer and its browser renderer share one copy of
 * each context, and the server's last render leaves the values it set in them (the router's
 * location among them). A last render outside every provider puts them back, as a browser that
 * never ran the server renderer has them. React still warns, in development, that the two
 * renderers met on the same contexts: that warning is this test's doing and is set aside
 * (`browserErrors`); Chromium, without a server renderer, is held to no error at all (e2e
 * journey diner-order, "the menu painted from HTML").
 */
async function leaveServerRendering() {
  const Nothing = lazy(async () => ({ default: () => null }));
  await prerender(
    <Suspense fallback={null}>
      <Nothing />
    </Suspense>,
  );
}

const browserErrors = (calls: unknown[][]) =>
  calls.filter(([message]) => !String(message).startsWith('Detected multiple renderers concurrently'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

// The first painting loads the pages' code, slow on a busy machine.
/** The app hydrating the painted page in `root`, as main.tsx does, once the page's code is in. */
async function hydrateApp(root: HTMLElement, queryClient: ReturnType<typeof createQueryClient>) {
  await loadPagesOf(window.location);
  return hydrateRoot(
    root,
    <App queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </App>,
  );
}

describe('the menu painted on the server (docs/performance.md)', { timeout: 30_000 }, () => {
  it('paints the menu and its title into index.html, with the menu beside the root as data', async () => {
    const menu = displayMenuFixture();
    const page = parse(
      await renderPage('/menu-display?token=tok_roma&table=4', TEMPLATE, JSON.stringify(menu)),
    );

    expect(page.title).toBe('Trattoria Roma · Menu · TableServe');
    expect(page.querySelectorAll('title')).toHaveLength(1);
    expect(page.querySelector('#root h1')?.textContent).toContain('Trattoria Roma');
    expect(dishNames(page.getElementById('root') as HTMLElement)).toEqual(
      expect.arrayContaining(['Garlic Knots', 'Margherita Pizza', 'Tiramisu', 'Truffle Fries']),
    );
    expect(page.getElementById(SERVER_MENU_ID)?.getAttribute('type')).toBe('application/json');
    expect(serverMenuOf(page)).toEqual({ token: 'tok_roma', table: 4, menu });
    // The app's own script is still the only one that runs.
    expect([...page.scripts].map((script) => script.type)).toEqual(['application/json', 'module']);
  });

  it('keeps a dish name that would end the data element, or a line separator, inside it', async () => {
    const name = '</script><script>alert(1)</script><!-- \u2028 \u2029';
    const menu = displayMenuFixture({ menu: [menuItemFixture({ item_name: name })] });
    const html = await renderPage('/menu-display?token=tok_roma', TEMPLATE, JSON.stringify(menu));

    expect(html).not.toContain('<script>alert(1)');
    const page = parse(html);
    expect(page.getElementById(SERVER_MENU_ID)?.textContent).not.toMatch(/[\u2028\u2029]/);
    expect(page.scripts).toHaveLength(2);
    expect(serverMenuOf(page).menu).toEqual(menu);
  });

  it('paints the landing and login pages without data', async () => {
    const landing = parse(await renderPage('/', TEMPLATE));
    expect(landing.title).toBe('TableServe · QR table ordering for restaurants');
    expect(landing.getElementById(SERVER_MENU_ID)).toBeNull();
    // No inline script of React's (large parts moved to the end), which the CSP would block.
    expect([...landing.scripts].map((script) => script.src)).toEqual([
      'http://localhost:3000/assets/index.js',
    ]);
    const login = parse(await renderPage('/login', TEMPLATE));
    expect(login.title).toBe('Log in · TableServe');
    // Posted, never sent in an address, and not at all before the app has hydrated.
    expect(login.querySelector('#root form')?.getAttribute('method')).toBe('post');
    expect(login.querySelector<HTMLButtonElement>('#root form button[type=submit]')?.disabled).toBe(true);
  });

  it("hydrates without a mismatch or a request for the menu, then shows the diner's cart and filter", async () => {
    const url = '/menu-display?token=tok_roma';
    const pannaCotta = menuItemFixture({
      item_name: 'Panna Cotta',
      category: 'Dessert',
      allergens: ['milk'],
    });
    const soup = menuItemFixture({ item_name: 'Minestrone', category: 'Starter' });
    const menu = displayMenuFixture({ menu: [...demoMenu, soup, pannaCotta] });
    const page = parse(await renderPage(url, TEMPLATE, JSON.stringify(menu)));
    await leaveServerRendering();
    // Stored in the phone, which the server cannot see: drawn once hydrated.
    setCartQuantity(7, cartItem(soup), 2);
    saveAllergenFilter(['milk']);
    const { calls } = stubFetch(({ url }) =>
      url.startsWith('/api/v1/table-bill')
        ? new Response(JSON.stringify({ bill_id: 5, status: 'open', outstanding: 26.5, pending: 0 }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          })
        : new Response(null, { status: 500 }),
    );
    const errors = vi.spyOn(console, 'error');
    window.history.replaceState(null, '', url);
    document.body.innerHTML = page.body.innerHTML;
    const root = document.getElementById('root') as HTMLElement;
    expect(dishNames(root)).toContain('Panna Cotta');
    // A tap before the script has run would be lost: every Add is painted disabled.
    const addButtons = () => [...root.querySelectorAll<HTMLButtonElement>('button[aria-label^="Add "]')];
    expect(addButtons().length).toBeGreaterThan(0);
    expect(addButtons().filter((button) => !button.disabled)).toEqual([]);

    const queryClient = createQueryClient();
    seedServerMenu(queryClient, serverMenuOf(document));
    const app = await hydrateApp(root, queryClient);
    await waitFor(() => expect(root.querySelector('button[aria-label^="Cart, 2 items"]')).not.toBeNull());

    expect(browserErrors(errors.mock.calls)).toEqual([]);
    expect(calls()).toEqual([]);
    expect(dishNames(root)).not.toContain('Panna Cotta');
    expect(root.textContent).toContain(allergenFilterTexts.hidden(1));
    expect(addButtons().filter((button) => button.disabled)).toEqual([]);
    root.querySelector<HTMLButtonElement>(`button[aria-label="Add ${demoMenu[0]!.item_name}"]`)!.click();
    await waitFor(() => expect(root.querySelector('button[aria-label^="Cart, 3 items"]')).not.toBeNull());
    app.unmount();
  });

  it("paints no bill link for a table card, then shows it with the card's key once its table has something to pay, with no mismatch", async () => {
    // The server paints the menu without the key (apps/server/src/plugins/web.ts: one painting
    // for every scan of the table); the card's URL has it (docs/decisions/025-table-keys.md).
    const menu = {
      ...displayMenuFixture(),
      pricing: {
        payment_timing: 'end_of_meal',
        prices_include_tax: false,
        service_charge_percent: 0,
        service_charge_min_party: null,
        tax_rates: [],
      },
    };
    const page = parse(
      await renderPage('/menu-display?token=tok_roma&table=4', TEMPLATE, JSON.stringify(menu)),
    );
    await leaveServerRendering();
    const { calls } = stubFetch(({ url }) =>
      url.startsWith('/api/v1/table-bill')
        ? new Response(JSON.stringify({ bill_id: 5, status: 'open', outstanding: 26.5, pending: 0 }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          })
        : new Response(null, { status: 500 }),
    );
    const errors = vi.spyOn(console, 'error');
    window.history.replaceState(null, '', '/menu-display?token=tok_roma&table=4&key=table-four-key00');
    document.body.innerHTML = page.body.innerHTML;
    const root = document.getElementById('root') as HTMLElement;
    const billLink = () =>
      [...root.querySelectorAll('a, span[aria-disabled]')].find((node) =>
        node.textContent?.includes(billPageMessages.viewBill),
      );
    // Not painted: whether the table has anything to pay is known only with the key, once hydrated.
    expect(billLink()).toBeUndefined();

    const queryClient = createQueryClient();
    seedServerMenu(queryClient, serverMenuOf(document));
    const app = await hydrateApp(root, queryClient);
    await waitFor(() => expect(billLink()?.tagName).toBe('A'));
    expect(billLink()?.getAttribute('href')).toBe('/bill?token=tok_roma&table=4&key=table-four-key00');
    expect(browserErrors(errors.mock.calls)).toEqual([]);
    // The only call: whether the table has anything to pay, with the card's key.
    expect(calls().map((call) => call.url)).toEqual([
      '/api/v1/table-bill?token=tok_roma&table=4&key=table-four-key00',
    ]);
    app.unmount();
  });

  /** Hydrates the prerendered login page, typed into before it hydrates or while it renders. */
  async function hydrateLogin(typed: 'before' | 'while rendering') {
    const page = parse(await renderPage('/login', TEMPLATE));
    await leaveServerRendering();
    window.history.replaceState(null, '', '/login');
    document.body.innerHTML = page.body.innerHTML;
    const root = document.getElementById('root') as HTMLElement;
    const field = (name: string) => root.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    const submit = () => root.querySelector<HTMLButtonElement>('form button[type=submit]')!;
    const type = () => {
      field('email').value = 'owner@example.com';
      field('password').value = 'correct horse';
    };
    // Typed (or filled in by a password manager) while the app's code was on its way.
    if (typed === 'before') type();
    expect(submit().disabled).toBe(true);
    if (typed === 'while rendering') {
      // Typed once the form's first render has read the email field but before React commits:
      // a render that yields under load leaves that gap.
      const byId = document.getElementById.bind(document);
      vi.spyOn(document, 'getElementById').mockImplementation((id) => {
        if (id === 'login-password' && field('email').value === '') type();
        return byId(id);
      });
    }

    const { calls } = stubFetch(() => new Response(JSON.stringify({ message: 'Nope' }), { status: 401 }));
    const errors = vi.spyOn(console, 'error');
    const app = await hydrateApp(root, createQueryClient());
    await waitFor(() => expect(submit().disabled).toBe(false));
    expect(browserErrors(errors.mock.calls)).toEqual([]);
    expect(field('email').value).toBe('owner@example.com');
    submit().click();
    await waitFor(() => expect(calls().length).toBe(1));
    expect(calls()[0]!.body).toMatchObject({
      email: 'owner@example.com',
      password: 'correct horse',
    });
    app.unmount();
  }

  it('takes over what was typed into the login form before hydration, then lets it be sent', async () => {
    await hydrateLogin('before');
  });

  it('keeps what was typed while the login form hydrated, then lets it be sent', async () => {
    await hydrateLogin('while rendering');
  });
});
