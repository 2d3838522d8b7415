import { QR_CODE_WIDTH, qrMessages } from '@tableserve/contract/menu';
import { restaurantServerMessages } from '@tableserve/contract/restaurant';
import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { menuRepository } from '../menu/menu.repository';
import { restaurantsRepository } from '../restaurants/restaurants.repository';

export type QrCodesService = ReturnType<typeof createQrCodesService>;

export type QrCode = { png: Buffer } | { statusText: 'NO_MENU_ITEMS'; message: string };

/** The link diners scan: the public menu by the restaurant's token (DESIGN.md §4). */
export const menuLink = (publicUrl: string, token: string) =>
  `${publicUrl}/menu-display?token=${encodeURIComponent(token)}`;

export function createQrCodesService({ db, publicUrl }: { db: Db; publicUrl: string }) {
  return {
    /** A PNG of the menu link, or NO_MENU_ITEMS while the menu is empty (owner-side §8 QR). */
    async generate(ownerId: number, restaurantId: number): Promise<QrCode> {
      const restaurant = await restaurantsRepository.findOwned(db, restaurantId, ownerId);
      if (!restaurant) throw notFound(restaurantServerMessages.notFound, 'RESTAURANT_NOT_FOUND');
      if ((await menuRepository.countLive(db, restaurant.id)) === 0)
        return { statusText: 'NO_MENU_ITEMS', message: qrMessages.noMenuItems };
      const png = await QRCode.toBuffer(menuLink(publicUrl, restaurant.token), {
        type: 'png',
        width: QR_CODE_WIDTH,
        margin: 2,
      });
      return { png };
    },
  };
}
