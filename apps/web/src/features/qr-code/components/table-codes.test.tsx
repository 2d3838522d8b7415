import { qrMessages } from '@tableserve/contract/menu';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RESTAURANT_ID,
  renderToasts,
  signInRestaurantOwner,
  stubObjectUrls,
} from '@/test/menu-item-fixtures';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { restaurantFixture } from '@/test/restaurant-fixtures';
import { QrCodePage } from './qr-code-page';

/** A 21-module code whose only dark modules are the diagonal: enough to see what is drawn. */
const qr = { size: 21, modules: Array.from({ length: 441 }, (_, i) => (i % 22 === 0 ? '1' : '0')).join('') };
const tableCodes = (tables: number, token = 'menu-token') => ({
  restaurant_name: 'Trattoria Rossi',
  number_of_tables: tables,
  codes: Array.from({ length: tables }, (_, i) => ({
    table_no: i + 1,
    link: `http://localhost/menu-display?token=${token}&table=${i + 1}`,
    qr,
  })),
});

const PNG = () =>
  new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
    status: 200,
    headers: { 'content-type': 'image/png' },
  });
const PDF = () =>
  new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
    status: 200,
    headers: { 'content-type': 'application/pdf' },
  });

/** The QR page's calls; `tables` and `rotate` answer the table codes and Replace all codes. */
function fakeServer({
  tables = () => jsonResponse(200, tableCodes(3)),
  rotate = () => jsonResponse(200, { message: qrMessages.tokenRotated, token: 'new-token' }),
}: {
  tables?: () => Response;
  rotate?: () => Response;
} = {}) {
  return stubFetch((call) => {
    if (call.url === '/api/v1/menu/generate-qr-code') return PNG();
    if (call.url === `/api/v1/restaurant/get-restaurant/${RESTAURANT_ID}`)
      return jsonResponse(200, { data: restaurantFixture() });
    if (call.url === `/api/v1/menu/table-codes/${RESTAURANT_ID}`) return tables();
    if (call.url.startsWith(`/api/v1/menu/table-cards/${RESTAURANT_ID}`)) return PDF();
    if (call.url === '/api/v1/menu/rotate-qr-token') return rotate();
    return jsonResponse(404, { message: 'Not found' });
  });
}

const renderPage = () =>
  renderRoute(QrCodePage, {
    path: '/dashboard/generate-qr-code',
    destinations: ['/dashboard/edit-restaurant'],
  });

const tableCode = (table: number) =>
  screen.findByRole('img', { name: `QR code that opens the menu at Table ${table}` });

/** Anchors the page clicked to download something, with what they named the file. */
function catchDownloads() {
  const clicked: HTMLAnchorElement[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
  return clicked;
}

beforeEach(() => {
  stubObjectUrls();
  renderToasts();
  signInRestaurantOwner();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Table codes on the QR page (ADR 013)', () => {
  it('shows a card per table: its number, its code drawn from the modules, the title and the name', async () => {
    const { calls } = fakeServer();
    renderPage();
    const code = await tableCode(3);
    const card = code.closest('li')!;
    expect(within(card).getByText('Table 3')).toBeInTheDocument();
    expect(within(card).getByText(qrMessages.title)).toBeInTheDocument();
    expect(within(card).getByText('Trattoria Rossi')).toBeInTheDocument();
    // The diagonal: one dark module per row, each its own run.
    expect(code.querySelector('path')?.getAttribute('d')).toBe(
      Array.from({ length: 21 }, (_, y) => `M${y} ${y}h1v1h-1z`).join(''),
    );
    expect(
      screen.getAllByRole('listitem').filter((item) => item.classList.contains('table-card')),
    ).toHaveLength(3);
    expect(calls().find((call) => call.url.endsWith(`/table-codes/${RESTAURANT_ID}`))?.headers).toMatchObject(
      {
        Authorization: 'Bearer owner-token',
      },
    );
  });

  it("downloads a table's card as a PNG named by the restaurant and the table", async () => {
    fakeServer();
    renderPage();
    await tableCode(2);
    const painted: string[] = [];
    vi.stubGlobal(
      'Path2D',
      class {
        constructor(readonly path: string) {
          painted.push(path);
        }
      },
    );
    const context = new Proxy({}, { get: () => () => {} }) as CanvasRenderingContext2D;
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,UE5H');
    const clicked = catchDownloads();
    await userEvent.setup().click(screen.getByRole('button', { name: 'PNG of Table 2' }));
    expect(painted).toHaveLength(1);
    expect(clicked.map((link) => link.getAttribute('download'))).toEqual([`${RESTAURANT_ID}-table-2.png`]);
  });

  it('downloads the sheet as a PDF on the chosen paper', async () => {
    const { calls } = fakeServer();
    renderPage();
    await tableCode(1);
    const clicked = catchDownloads();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Paper size'), 'A4');
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toHaveAttribute('download', `table-cards-${RESTAURANT_ID}-a4.pdf`);
    expect(calls().find((call) => call.url.includes('/table-cards/'))).toMatchObject({
      url: `/api/v1/menu/table-cards/${RESTAURANT_ID}?paper=a4`,
      headers: expect.objectContaining({ Authorization: 'Bearer owner-token' }),
    });
  });

  it('prints only the sheet, on the chosen paper, until the print dialog closes', async () => {
    fakeServer();
    renderPage();
    await tableCode(1);
    const printRules = () =>
      [...document.querySelectorAll('style')].map((style) => style.textContent).join('');
    let rulesWhilePrinting = '';
    vi.spyOn(window, 'print').mockImplementation(() => {
      rulesWhilePrinting = printRules();
    });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Paper size'), 'Letter');
    await user.click(screen.getByRole('button', { name: 'Print table cards' }));
    expect(rulesWhilePrinting).toMatch(/@page \{ size: letter;/);
    expect(rulesWhilePrinting).toContain('.table-cards-sheet');
    expect(rulesWhilePrinting).not.toContain('.qr-print-card');
    window.dispatchEvent(new Event('afterprint'));
    await waitFor(() => expect(printRules()).toContain('.qr-print-card'));
  });

  it('sends a restaurant without tables to Edit Restaurant', async () => {
    fakeServer({ tables: () => jsonResponse(200, tableCodes(0)) });
    renderPage();
    expect(await screen.findByText(qrMessages.noTables)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print table cards' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: /Go to Edit Restaurant/ }));
    expect(await screen.findByText('Page /dashboard/edit-restaurant')).toBeInTheDocument();
  });

  it('says the codes could not be made when the call fails, and tries again', async () => {
    let answer = () => jsonResponse(500, { message: 'boom' });
    fakeServer({ tables: () => answer() });
    renderPage();
    expect(await screen.findByText(qrMessages.failed)).toBeInTheDocument();
    answer = () => jsonResponse(200, tableCodes(1));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await tableCode(1)).toBeInTheDocument();
  });
});

describe('Replace all codes (ADR 013)', () => {
  it('asks first; Cancel changes nothing', async () => {
    const { calls } = fakeServer();
    renderPage();
    await tableCode(1);
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Replace all codes' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Replace all codes' }));
    const dialog = screen.getByRole('dialog', { name: 'Replace all QR codes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls().some((call) => call.url.endsWith('/rotate-qr-token'))).toBe(false);
  });

  it('sends the token the codes carry, says the new codes are ready and redraws them', async () => {
    let token = 'menu-token';
    const { calls } = fakeServer({
      tables: () => jsonResponse(200, tableCodes(1, token)),
      rotate: () => {
        token = 'new-token';
        return jsonResponse(200, { message: qrMessages.tokenRotated, token });
      },
    });
    renderPage();
    await tableCode(1);
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Replace all codes' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Replace all codes' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Replace all QR codes?' })).getByRole('button', {
        name: 'Replace codes',
      }),
    );
    expect(await screen.findByText(qrMessages.tokenRotated)).toBeInTheDocument();
    expect(calls().find((call) => call.url.endsWith('/rotate-qr-token'))).toMatchObject({
      method: 'POST',
      body: { restaurant_id: RESTAURANT_ID, token: 'menu-token' },
    });
    // Every code on the page is asked for again.
    await waitFor(() =>
      expect(calls().filter((call) => call.url.endsWith(`/table-codes/${RESTAURANT_ID}`))).toHaveLength(2),
    );
    expect(calls().filter((call) => call.url.endsWith('/generate-qr-code'))).toHaveLength(2);
  });

  it('says so when the codes were already replaced elsewhere (409)', async () => {
    fakeServer({ rotate: () => jsonResponse(409, { message: qrMessages.tokenAlreadyRotated }) });
    renderPage();
    await tableCode(1);
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Replace all codes' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Replace all codes' }));
    await user.click(screen.getByRole('button', { name: 'Replace codes' }));
    expect(await screen.findByText(qrMessages.tokenAlreadyRotated)).toBeInTheDocument();
  });
});
