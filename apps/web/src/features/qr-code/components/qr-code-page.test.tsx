import { qrMessages } from '@tableserve/contract/menu';
import { screen } from '@testing-library/react';
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

let objectUrls: ReturnType<typeof stubObjectUrls>;

beforeEach(() => {
  objectUrls = stubObjectUrls();
  renderToasts();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const pngResponse = () => new Response(PNG_BYTES, { status: 200, headers: { 'content-type': 'image/png' } });

/** The QR call answered by `qr`; the restaurant lookup answers with the fixture. */
function fakeServer(qr: () => Response | Promise<Response>) {
  return stubFetch((call) => {
    if (call.url === '/api/v1/menu/generate-qr-code') return qr();
    if (call.url === `/api/v1/restaurant/get-restaurant/${RESTAURANT_ID}`)
      return jsonResponse(200, { data: restaurantFixture() });
    return jsonResponse(404, { message: 'Not found' });
  });
}

const renderPage = () =>
  renderRoute(QrCodePage, {
    path: '/dashboard/generate-qr-code',
    destinations: ['/dashboard/menu-management'],
  });

const qrImage = () => screen.findByRole('img', { name: /QR code that opens the menu/ });

describe('QR page', () => {
  it('generates the code on arrival and shows the PNG under the title, with the restaurant name', async () => {
    signInRestaurantOwner();
    const { calls } = fakeServer(pngResponse);
    renderPage();

    expect(await qrImage()).toHaveAttribute('src', 'blob:test/1');
    expect(screen.getByRole('heading', { name: qrMessages.title })).toBeInTheDocument();
    expect(await screen.findByText('Trattoria Rossi')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(calls().find((call) => call.url.endsWith('/generate-qr-code'))).toMatchObject({
      method: 'POST',
      body: { restaurant_id: RESTAURANT_ID },
      headers: expect.objectContaining({ Authorization: 'Bearer owner-token' }),
    });
  });

  it('lets the object URL go when the page closes', async () => {
    signInRestaurantOwner();
    fakeServer(pngResponse);
    const { unmount } = renderPage();
    await qrImage();
    unmount();
    expect(objectUrls.revoke).toHaveBeenCalledWith('blob:test/1');
  });

  it("says 'Please create a menu first.' with a way to Menu Management while the menu is empty", async () => {
    signInRestaurantOwner();
    fakeServer(() =>
      jsonResponse(200, { statusText: 'NO_MENU_ITEMS', message: 'Please create a menu first.' }),
    );
    renderPage();
    expect(await screen.findByText(qrMessages.noMenuItems)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: /Go to Menu Management/ }));
    expect(await screen.findByText('Page /dashboard/menu-management')).toBeInTheDocument();
  });

  it.each([
    ['the server refuses', () => jsonResponse(403, { message: 'Subscription required' })],
    ['the server fails', () => new Response('oops', { status: 500 })],
    [
      'no response arrives',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])("says 'Failed to generate QR code. Please try again.' when %s", async (_case, answer) => {
    signInRestaurantOwner();
    fakeServer(answer);
    renderPage();
    expect(await screen.findByText(qrMessages.failed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("says 'Error generating QR code' without a restaurant in the session, and asks nothing", () => {
    signInRestaurantOwner();
    sessionStorage.removeItem('restaurant_id');
    const { fetchMock } = fakeServer(pngResponse);
    renderPage();
    expect(screen.getByText(qrMessages.noRestaurant)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('downloads a 400×500 PNG named by the restaurant id: title on top, the code below', async () => {
    signInRestaurantOwner();
    fakeServer(pngResponse);
    renderPage();
    const image = await qrImage();
    await screen.findByText('Trattoria Rossi');

    // jsdom has no canvas: a minimal 2D context that records what is painted.
    const painted: { canvas?: HTMLCanvasElement; calls: Array<[string, unknown[]]> } = { calls: [] };
    const record =
      (name: string) =>
      (...args: unknown[]) =>
        painted.calls.push([name, args]);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
      this: HTMLCanvasElement,
    ) {
      painted.canvas = this;
      return {
        fillRect: record('fillRect'),
        fillText: record('fillText'),
        drawImage: record('drawImage'),
      } as unknown as CanvasRenderingContext2D;
    });
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,UE5H');
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Download' }));

    expect(painted.canvas).toMatchObject({ width: 400, height: 500 });
    expect(painted.calls).toContainEqual(['fillRect', [0, 0, 400, 500]]);
    expect(painted.calls).toContainEqual(['fillText', [qrMessages.title, 200, expect.any(Number), 368]]);
    expect(painted.calls).toContainEqual(['drawImage', [image, 0, 100, 400, 400]]);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]).toHaveAttribute('download', `${RESTAURANT_ID}.png`);
    expect(clicked[0]).toHaveAttribute('href', 'data:image/png;base64,UE5H');
  });

  it('prints only the card', async () => {
    signInRestaurantOwner();
    fakeServer(pngResponse);
    renderPage();
    const image = await qrImage();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(image.closest('.qr-print-card')).not.toBeNull();
    const printRules = [...document.querySelectorAll('style')].map((style) => style.textContent).join('');
    expect(printRules).toMatch(/@media print[\s\S]*\.qr-print-card/);
  });
});
