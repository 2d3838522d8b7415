import type { QrModules, TableCodesResponse } from '@tableserve/contract/menu';
import QRCode from 'qrcode';
import { type TableKeySource, tableKeyOf } from '../restaurants/table-keys';

/** The link diners scan: the public menu by the restaurant's token (docs/product/restaurant-setup.md#qr-code). */
export const menuLink = (publicUrl: string, token: string) =>
  `${publicUrl}/menu-display?token=${encodeURIComponent(token)}`;

/**
 * A table's own code: the same menu with that table chosen for dine-in (ADR 013), and the table's
 * key, which alone opens the table's bill (docs/decisions/025-table-keys.md).
 */
export const tableLink = (publicUrl: string, token: string, table: number, key: string) =>
  `${menuLink(publicUrl, token)}&table=${table}&key=${key}`;

/** The code's modules, for the web to draw and the PDF to paint: one encoder for every form. */
export function qrModules(link: string): QrModules {
  const { modules } = QRCode.create(link, { errorCorrectionLevel: 'M' });
  return { size: modules.size, modules: Array.from(modules.data, (dark) => (dark ? '1' : '0')).join('') };
}

/**
 * What a restaurant's sheet is made from: read on the main thread, sent to the sheets' worker
 * (the restaurant's id and table secret make each table's key).
 */
export type SheetSource = TableKeySource & {
  publicUrl: string;
  name: string;
  token: string;
  numberOfTables: number;
};

/**
 * One code per table, 1 to number_of_tables. About half a millisecond a code, so it runs in the
 * sheets' worker (table-sheets.ts), never on the event loop.
 */
export function tableCodesOf(source: SheetSource): TableCodesResponse {
  const codes = Array.from({ length: source.numberOfTables }, (_, index) => {
    const table = index + 1;
    const link = tableLink(source.publicUrl, source.token, table, tableKeyOf(source, table));
    return { table_no: table, link, qr: qrModules(link) };
  });
  return { restaurant_name: source.name, number_of_tables: source.numberOfTables, codes };
}
