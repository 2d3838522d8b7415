import {
  type PaperSize,
  QR_CODE_WIDTH,
  qrMessages,
  type RotateMenuTokenResponse,
  type TableCodesResponse,
} from '@tableserve/contract/menu';
import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict } from '../../lib/app-error';
import type { DomainEventBus } from '../../lib/domain-events';
import { recordAudit } from '../audit/audit-log';
import { menuReads } from '../menu/menu-reads';
import { replaceMenuToken } from '../restaurants/menu-tokens';
import { restaurantOfCaller } from '../restaurants/restaurant-of-caller';
import { menuLink, type SheetSource } from './table-codes';
import type { TableSheets } from './table-sheets';

export type QrCodesService = ReturnType<typeof createQrCodesService>;

export type QrCode = { png: Buffer } | { statusText: 'NO_MENU_ITEMS'; message: string };

export function createQrCodesService({
  db,
  publicUrl,
  events,
  sheets,
}: {
  db: Db;
  publicUrl: string;
  events: DomainEventBus;
  sheets: TableSheets;
}) {
  const ownedRestaurant = (ownerId: number, restaurantId: number) =>
    restaurantOfCaller(db, ownerId, restaurantId);

  /** What the worker needs to draw the restaurant's tables: one row, read here. */
  async function sheetSource(ownerId: number, restaurantId: number): Promise<SheetSource> {
    const { id, name, token, tableSecret, numberOfTables } = await ownedRestaurant(ownerId, restaurantId);
    return { publicUrl, id, name, token, tableSecret, numberOfTables };
  }

  return {
    /** A PNG of the menu link, or NO_MENU_ITEMS while the menu is empty (docs/product/restaurant-setup.md#qr-code). */
    async generate(ownerId: number, restaurantId: number): Promise<QrCode> {
      const restaurant = await ownedRestaurant(ownerId, restaurantId);
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
    async tableCodes(ownerId: number, restaurantId: number): Promise<TableCodesResponse> {
      return sheets.codes(await sheetSource(ownerId, restaurantId));
    },

    /** The same codes as a printable PDF sheet of cards. */
    async tableCardsPdf(ownerId: number, restaurantId: number, paper: PaperSize): Promise<Buffer> {
      const source = await sheetSource(ownerId, restaurantId);
      if (source.numberOfTables === 0) throw badRequest(qrMessages.noTables, 'NO_TABLES');
      return sheets.pdf(source, paper);
    },

    /**
     * A new menu token and table secret: the restaurant's code and every table's code stop
     * opening the menu, and every table's key its bill (docs/decisions/025-table-keys.md).
     * Only while `currentToken` is still the stored one, so a double tap rotates once.
     */
    async rotateToken(
      actor: Actor,
      restaurantId: number,
      currentToken: string,
    ): Promise<RotateMenuTokenResponse> {
      const restaurant = await ownedRestaurant(actor.ownerId, restaurantId);
      const row = await db.transaction(async (tx) => {
        const rotated = await replaceMenuToken(tx, restaurant.id, actor.ownerId, currentToken);
        // The tokens themselves stay out of the trail: the old one still matters to no one, the
        // new one opens the menu.
        if (rotated)
          await recordAudit(tx, actor, {
            restaurantId: rotated.id,
            action: 'qr_token.rotated',
            objectType: 'table_codes',
            objectId: rotated.id,
          });
        return rotated;
      });
      if (!row) throw conflict(qrMessages.tokenAlreadyRotated, 'TOKEN_ALREADY_ROTATED');
      // The diners' menu cache (every instance) forgets the old token, so it answers 404 at once.
      events.emit('restaurant.changed', { restaurantId: row.id });
      return { message: qrMessages.tokenRotated, token: row.token };
    },
  };
}
