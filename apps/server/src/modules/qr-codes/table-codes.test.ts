import { displayMenuServerMessages } from '@tableserve/contract/customer-menu';
import { type QrModules, qrMessages, type TableCodesResponse } from '@tableserve/contract/menu';
import { orderServerMessages } from '@tableserve/contract/order';
import jsQR from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMenuItem, signUpDiner } from '../../test/orders';
import { expireSubscription, type Owner, ownerWithRestaurant, tableKeyFor } from '../../test/restaurants';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Place = Awaited<ReturnType<typeof ownerWithRestaurant>>;

/** A subscribed owner's restaurant with `tables` tables and one dish. */
async function place(tables = 8, overrides: Record<string, unknown> = {}) {
  const setup = await ownerWithRestaurant(t, { number_of_tables: tables, ...overrides });
  const menuId = await addMenuItem(t, setup, { item_name: 'Soup', price: 6 });
  return { ...setup, menuId };
}

const tableCodes = (owner: Owner | undefined, restaurantId: number) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/menu/table-codes/${restaurantId}`,
    headers: owner?.auth ?? {},
  });
const tableCards = (owner: Owner | undefined, restaurantId: number, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/menu/table-cards/${restaurantId}${query}`,
    headers: owner?.auth ?? {},
  });
const rotate = (owner: Owner | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/menu/rotate-qr-token',
    headers: owner?.auth ?? {},
    payload,
  });
const display = (token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/customer/display-menu/${token}${query}` });
const storedToken = async ({ owner, restaurantId }: Place) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/restaurant/get-restaurant/${restaurantId}`,
      headers: owner.auth,
    })
  ).json().data.token as string;

/** What a phone's camera reads from the modules: drawn 4 px per module inside a quiet zone. */
function scan({ size, modules }: QrModules): string | undefined {
  const scale = 4;
  const side = (size + 8) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y += 1)
    for (let x = 0; x < side; x += 1) {
      const mx = Math.floor(x / scale) - 4;
      const my = Math.floor(y / scale) - 4;
      if (mx >= 0 && my >= 0 && mx < size && my < size && modules[my * size + mx] === '1')
        pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  return jsQR(pixels, side, side)?.data;
}

describe('table codes', () => {
  it('gives one code per table, 1 to number_of_tables, each opening the menu at its table with its key', async () => {
    const setup = await place(3);
    const response = await tableCodes(setup.owner, setup.restaurantId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json() as TableCodesResponse;
    expect(body.number_of_tables).toBe(3);
    expect(body.restaurant_name).toMatch(/^Blue Door Bistro/);
    expect(body.codes.map((code) => code.table_no)).toEqual([1, 2, 3]);
    for (const code of body.codes) {
      // With the table's key, which opens its bill (docs/decisions/025-table-keys.md).
      const key = await tableKeyFor(t, setup.restaurantId, code.table_no);
      expect(code.link).toBe(
        `${TEST_PUBLIC_URL}/menu-display?token=${setup.token}&table=${code.table_no}&key=${key}`,
      );
      expect(code.qr.modules).toHaveLength(code.qr.size ** 2);
      expect(scan(code.qr)).toBe(code.link);
      // The link's menu opens, at that table.
      expect((await display(setup.token, `?table=${code.table_no}`)).statusCode).toBe(200);
    }
  });

  it('has none for a restaurant without tables', async () => {
    const setup = await place(0);
    expect((await tableCodes(setup.owner, setup.restaurantId)).json().codes).toEqual([]);
  });

  it("refuses another owner's restaurant (404), no token (401) and a lapsed subscription (403)", async () => {
    const setup = await place();
    const other = await place();
    for (const call of [tableCodes, tableCards]) {
      expect((await call(other.owner, setup.restaurantId)).statusCode).toBe(404);
      expect((await call(undefined, setup.restaurantId)).statusCode).toBe(401);
    }
    await expireSubscription(t, setup.owner);
    expect((await tableCodes(setup.owner, setup.restaurantId)).statusCode).toBe(403);
    expect((await tableCards(setup.owner, setup.restaurantId)).statusCode).toBe(403);
  });
});

describe('the sheet of table cards (PDF)', () => {
  it('puts six cards on each page, A4 by default or Letter', async () => {
    const setup = await place(7);
    const a4 = await tableCards(setup.owner, setup.restaurantId);
    expect(a4.statusCode).toBe(200);
    expect(a4.headers['content-type']).toBe('application/pdf');
    expect(a4.headers['content-disposition']).toBe(
      `attachment; filename="table-cards-${setup.restaurantId}-a4.pdf"`,
    );
    const pdf = await PDFDocument.load(a4.rawPayload);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });

    const letter = await tableCards(setup.owner, setup.restaurantId, '?paper=letter');
    expect((await PDFDocument.load(letter.rawPayload)).getPage(0).getSize()).toEqual({
      width: 612,
      height: 792,
    });
  });

  it('still prints a name in a script the PDF fonts cannot write (the name is left off)', async () => {
    const setup = await place(2, { restaurant_name: '東京 Kitchen' });
    const response = await tableCards(setup.owner, setup.restaurantId);
    expect(response.statusCode).toBe(200);
    expect((await PDFDocument.load(response.rawPayload)).getPageCount()).toBe(1);
  });

  it('refuses an unknown paper size, and a restaurant without tables', async () => {
    const setup = await place(0);
    expect((await tableCards(setup.owner, setup.restaurantId, '?paper=legal')).statusCode).toBe(400);
    const none = await tableCards(setup.owner, setup.restaurantId);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: qrMessages.noTables, code: 'NO_TABLES' });
  });
});

describe("a table's menu link", () => {
  it('opens the same menu as the restaurant code, the same bytes and ETag for every table', async () => {
    const setup = await place(4);
    const plain = await display(setup.token);
    const atTable = await display(setup.token, '?table=4');
    expect(atTable.statusCode).toBe(200);
    expect(atTable.body).toBe(plain.body);
    expect(atTable.headers.etag).toBe(plain.headers.etag);
  });

  it('refuses a table past number_of_tables with a clear 404, also once the owner cut the tables', async () => {
    const setup = await place(4);
    const past = await display(setup.token, '?table=5');
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({
      message: displayMenuServerMessages.tableNotFound,
      code: 'TABLE_NOT_FOUND',
    });

    expect((await display(setup.token, '?table=4')).statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/restaurant/update-restaurant/${setup.restaurantId}`,
      headers: setup.owner.auth,
      payload: { number_of_tables: 3 },
    });
    expect((await display(setup.token, '?table=4')).json().code).toBe('TABLE_NOT_FOUND');
  });

  it.each(['0', '-1', '2.5', 'abc', '', '1001'])('refuses ?table=%s with a 400', async (table) => {
    const setup = await place(4);
    expect((await display(setup.token, `?table=${table}`)).statusCode).toBe(400);
  });

  it('lets the diner order at the table, and stores nothing for a table past the tables', async () => {
    const setup = await place(4);
    const diner = await signUpDiner(t, setup.restaurantId);
    const order = (table: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/customer/place-order',
        headers: diner.auth,
        payload: {
          restaurant_id: setup.restaurantId,
          order_items: [{ menu_item_id: setup.menuId, quantity: 2 }],
          order_type: 'dine-in',
          table_no: table,
        },
      });
    const refused = await order(5);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(orderServerMessages.tableOutOfRange(4));
    const placed = await order(4);
    expect(placed.statusCode).toBe(201);
    const orders = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer/${diner.customer_id}/orders`,
      headers: diner.auth,
    });
    expect(orders.json().orders.map((row: { table_number: number }) => row.table_number)).toEqual([4]);
  });
});

describe('rotating the menu token', () => {
  it('retires every old code at once: the menu, each table and the preloaded cache', async () => {
    const setup = await place(2);
    // Cached by the first opens, by token and by table.
    expect((await display(setup.token)).statusCode).toBe(200);
    expect((await display(setup.token, '?table=2')).statusCode).toBe(200);

    const response = await rotate(setup.owner, { restaurant_id: setup.restaurantId, token: setup.token });
    expect(response.statusCode).toBe(200);
    const { token, message } = response.json();
    expect(message).toBe(qrMessages.tokenRotated);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(token).not.toBe(setup.token);

    for (const query of ['', '?table=2']) {
      const old = await display(setup.token, query);
      expect(old.statusCode).toBe(404);
      expect(old.json().message).toBe(displayMenuServerMessages.notFound);
      expect((await display(token, query)).statusCode).toBe(200);
    }
    const codes = (await tableCodes(setup.owner, setup.restaurantId)).json() as TableCodesResponse;
    // The new token, and each table's new key (docs/decisions/025-table-keys.md).
    const keys = [await tableKeyFor(t, setup.restaurantId, 1), await tableKeyFor(t, setup.restaurantId, 2)];
    expect(codes.codes.map((code) => scan(code.qr))).toEqual(
      [1, 2].map((n) => `${TEST_PUBLIC_URL}/menu-display?token=${token}&table=${n}&key=${keys[n - 1]}`),
    );
  });

  it('rotates once for a double tap: the second, naming the old token, is a 409 and changes nothing', async () => {
    const setup = await place();
    const first = await rotate(setup.owner, { restaurant_id: setup.restaurantId, token: setup.token });
    const second = await rotate(setup.owner, { restaurant_id: setup.restaurantId, token: setup.token });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      message: qrMessages.tokenAlreadyRotated,
      code: 'TOKEN_ALREADY_ROTATED',
    });
    expect(await storedToken(setup)).toBe(first.json().token);
  });

  it("refuses another owner's restaurant (404), no token (401), a lapsed subscription (403), changing nothing", async () => {
    const setup = await place();
    const other = await place();
    const body = { restaurant_id: setup.restaurantId, token: setup.token };
    expect((await rotate(other.owner, body)).statusCode).toBe(404);
    expect((await rotate(undefined, body)).statusCode).toBe(401);
    await expireSubscription(t, setup.owner);
    expect((await rotate(setup.owner, body)).statusCode).toBe(403);
    expect(await storedToken(setup)).toBe(setup.token);
  });

  it.each([
    [{}],
    [{ restaurant_id: 1 }],
    [{ restaurant_id: 1, token: 'has space' }],
    [{ restaurant_id: 1, token: 'abc', extra: 1 }],
  ])('rejects the body %o with a 400', async (payload) => {
    const setup = await place();
    expect((await rotate(setup.owner, payload)).statusCode).toBe(400);
  });
});
