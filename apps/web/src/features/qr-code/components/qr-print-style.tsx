import type { PaperSize } from '@tableserve/contract/menu';

/**
 * Everything outside `selector` is taken out of the printout (not just hidden, so no blank pages
 * follow).
 */
const onlyPrint = (selector: string) => `
  body { background: #fff !important; }
  body * { visibility: hidden; }
  body *:not(:has(${selector})):not(${selector}):not(${selector} *) { display: none !important; }
  ${selector}, ${selector} * { visibility: visible; }
`;

/** The restaurant's card, alone at the top of the sheet. */
const cardCss = `
@media print {
  @page { margin: 18mm; }
  ${onlyPrint('.qr-print-card')}
  .qr-print-card {
    position: absolute; inset: 0 0 auto 0; margin: 0 auto; max-width: 100%;
    border: 0 !important; box-shadow: none !important;
  }
}
`;

/** Page heights, for three rows of table cards a page (ADR 013). */
const PAGE_HEIGHT: Record<PaperSize, string> = { a4: '297mm', letter: '279.4mm' };
const SHEET_MARGIN = '10mm';

/**
 * The table cards: two across and three down on each page, dashed cut lines between them. The
 * page's own layout around the sheet (dashboard columns, paddings) flattens to plain blocks, so
 * the grid starts at the page's margin and flows from page to page.
 */
const sheetCss = (paper: PaperSize) => `
@media print {
  @page { size: ${paper === 'a4' ? 'A4' : 'letter'}; margin: ${SHEET_MARGIN}; }
  ${onlyPrint('.table-cards-sheet')}
  body *:has(.table-cards-sheet) {
    display: block !important; position: static !important; margin: 0 !important; padding: 0 !important;
    border: 0 !important; box-shadow: none !important; max-width: none !important; min-height: 0 !important;
    overflow: visible !important;
  }
  .table-cards-sheet { display: grid !important; grid-template-columns: 1fr 1fr !important; gap: 0 !important; }
  .table-card {
    height: calc((${PAGE_HEIGHT[paper]} - 2 * ${SHEET_MARGIN}) / 3 - 0.5mm); break-inside: avoid;
    justify-content: center; border: 0.3mm dashed #d6d3d1 !important; border-radius: 0 !important;
    box-shadow: none !important;
  }
  .table-card svg { width: 52mm !important; max-width: none !important; }
  .table-card-number { font-size: 26pt !important; }
}
`;

/**
 * Prints only the QR card or, while the owner prints them, the table cards. Mounted with the QR
 * page alone, so the rule exists only while the page is open.
 */
export function QrPrintStyle({ sheet }: { sheet?: { paper: PaperSize } }) {
  return <style>{sheet ? sheetCss(sheet.paper) : cardCss}</style>;
}
