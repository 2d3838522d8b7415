import {
  type PaperSize,
  QR_CODE_WIDTH,
  type QrModules,
  qrMessages,
  type RotateMenuTokenResponse,
  type TableCode,
  type TableCodesResponse,
} from '@tableserve/contract/menu';
import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import { badRequest, conflict } from '../../lib/app-error';
import type { DomainEventBus } from '../../lib/domain-events';
import { menuReads } from '../menu/menu-reads';
import { replaceMenuToken } from '../restaurants/menu-tokens';
import { restaurantOfCaller } from '../restaurants/restaurant-of-caller';
import { tableCardsPdf } from './table-cards-pdf';

export type QrCodesService = ReturnType<typeof createQrCodesService>;

export type QrCode = { png: Buffer } | { statusText: 'NO_MENU_ITEMS'; message: string };

/** The link diners scan: the public menu by the restaurant's token (DESIGN.md §4). */
export const menuLink = (publicUrl: string, token: string) =>
  `${publicUrl}/menu-display?token=${encodeURIComponent(token)}`;

/** A table's own code: the same menu with that table chosen for dine-in (ADR 013). */
export const tableLink = (publicUrl: string, token: string, table: number) =>
  `${menuLink(publicUrl, token)}&table=${table}`;

/** The code's modules, for the web to draw and the PDF to paint: one encoder for every form. */
export function qrModules(link: string): QrModules {
  const { modules } = QRCode.create(link, { errorCorrectionLevel: 'M' });
  return { size: modules.size, modules: Array.from(modules.data, (dark) => (dark ? '1' : '0')).join('') };
}

const ENCODE_BATCH = 50;

export function createQrCodesService({
  db,
  publicUrl,
  events,
}: {
  db: Db;
  publicUrl: string;
  events: DomainEventBus;
}) {
  async function tableCodes(ownerId: number, restaurantId: number): Promise<TableCodesResponse> {
    const restaurant = await restaurantOfCaller(db, ownerId, restaurantId);
    const codes: TableCode[] = [];
    for (let table = 1; table <= restaurant.numberOfTables; table += 1) {
      // Encoding takes about half a millisecond a code: other requests go first between batches.
      if (table % ENCODE_BATCH === 0) await new Promise(setImmediate);
      const link = tableLink(publicUrl, restaurant.token, table);
      codes.push({ table_no: table, link, qr: qrModules(link) });
    }
    return { restaurant_name: restaurant.name, number_of_tables: restaurant.numberOfTables, codes };
  }

  return {
    /** A PNG of the menu link, or NO_MENU_ITEMS while the menu is empty (owner-side §8 QR). */
    async generate(ownerId: number, restaurantId: number): Promise<QrCode> {
      const restaurant = await restaurantOfCaller(db, ownerId, restaurantId);
      if ((await menuReads.countLiveItems(db, restaurant.id)) === 0)
        return { statusText: 'NO_MENU_ITEMS', message: qrMessages.noMenuItems };
      const png = await QRCode.toBuffer(menuLink(publicUrl, restaurant.token), {
        type: 'png',
        width: QR_CODE_WIDTH,
        margin: 2,
      });
      return { png };
    },

    /** One code per table, 1 to number_of_tables, with the restaurant's current token. */
    tableCodes,

    /** The same codes as a printable PDF sheet of cards. */
    async tableCardsPdf(ownerId: number, restaurantId: number, paper: PaperSize): Promise<Buffer> {
      const codes = await tableCodes(ownerId, restaurantId);
      if (codes.number_of_tables === 0) throw badRequest(qrMessages.noTables, 'NO_TABLES');
      return tableCardsPdf(codes, paper);
    },

    /**
     * A new menu token: the restaurant's code and every table's code stop opening the menu.
     * Only while `currentToken` is still the stored one, so a double tap rotates once.
     */
    async rotateToken(
      ownerId: number,
      restaurantId: number,
      currentToken: string,
    ): Promise<RotateMenuTokenResponse> {
      const restaurant = await restaurantOfCaller(db, ownerId, restaurantId);
      const row = await replaceMenuToken(db, restaurant.id, ownerId, currentToken);
      if (!row) throw conflict(qrMessages.tokenAlreadyRotated, 'TOKEN_ALREADY_ROTATED');
      // The diners' menu cache (every instance) forgets the old token, so it answers 404 at once.
      events.emit('restaurant.changed', { restaurantId: row.id });
      return { message: qrMessages.tokenRotated, token: row.token };
    },
  };
}
