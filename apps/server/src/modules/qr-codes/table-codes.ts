import type { QrModules, TableCodesResponse } from '@tableserve/contract/menu';
import QRCode from 'qrcode';

/** The link diners scan: the public menu by the restaurant's token (docs/product/restaurant-setup.md#qr-code). */
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

/** What a restaurant's sheet is made from: read on the main thread, sent to the sheets' worker. */
export type SheetSource = { publicUrl: string; name: string; token: string; numberOfTables: number };

/**
 * One code per table, 1 to number_of_tables. About half a millisecond a code, so it runs in the
 * sheets' worker (table-sheets.ts), never on the event loop.
 */
export function tableCodesOf(source: SheetSource): TableCodesResponse {
  const codes = Array.from({ length: source.numberOfTables }, (_, index) => {
    const link = tableLink(source.publicUrl, source.token, index + 1);
    return { table_no: index + 1, link, qr: qrModules(link) };
  });
  return { restaurant_name: source.name, number_of_tables: source.numberOfTables, codes };
}
