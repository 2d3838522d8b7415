import { type PaperSize, qrMessages, type TableCodesResponse } from '@tableserve/contract/menu';
import { type QrModules, qrModuleRuns } from '@tableserve/contract/qr-modules';
import {
  asPDFNumber,
  fill,
  PDFDocument,
  type PDFFont,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  type RGB,
  rgb,
  StandardFonts,
  setFillingRgbColor,
} from 'pdf-lib';

/** Points (1/72 inch). */
const PAPER: Record<PaperSize, [number, number]> = { a4: [595.28, 841.89], letter: [612, 792] };
const MARGIN = 28;
const COLUMNS = 2;
const ROWS = 3;
const CARDS_PER_PAGE = COLUMNS * ROWS;

const INK = rgb(0.11, 0.098, 0.09); // stone-900
const BRAND = rgb(0.686, 0.196, 0.11); // brand-700, as on the screen's card
const MUTED = rgb(0.47, 0.443, 0.424); // stone-500
const CUT_LINE = rgb(0.8, 0.78, 0.77);

/** The standard fonts write WinAnsi only: a name in another script is left off the card. */
function encodable(font: PDFFont, text: string) {
  try {
    font.encodeText(text);
    return true;
  } catch {
    return false;
  }
}

function centred(
  page: PDFPage,
  text: string,
  style: { font: PDFFont; size: number; color: RGB },
  centreX: number,
  y: number,
) {
  page.drawText(text, { ...style, x: centreX - style.font.widthOfTextAtSize(text, style.size) / 2, y });
}

/**
 * The code's runs as filled rectangles, `side` points square with its top left at (left, top).
 * Plain operators rather than drawSvgPath, which parses a path at about 10 ms a code.
 */
function drawModules(page: PDFPage, qr: QrModules, left: number, top: number, side: number) {
  const unit = side / qr.size;
  page.pushOperators(
    pushGraphicsState(),
    setFillingRgbColor(INK.red, INK.green, INK.blue),
    ...qrModuleRuns(qr).map(([x, y, width]) =>
      PDFOperator.of(
        PDFOperatorNames.AppendRectangle,
        [left + x * unit, top - (y + 1) * unit, width * unit, unit].map(asPDFNumber),
      ),
    ),
    fill(),
    popGraphicsState(),
  );
}

/**
 * The printable sheet of table cards: six per page (two across, three down), each with its table
 * number, its code, the QR page's title and the restaurant's name, inside a dashed cut line.
 * Vector throughout, so the codes stay sharp at any printer's resolution. Made in the sheets'
 * worker thread (table-sheets.ts): it never yields, the event loop is elsewhere.
 */
export async function tableCardsPdf(codes: TableCodesResponse, paper: PaperSize): Promise<Uint8Array> {
  // No creation or modification time: the same codes make the same bytes, whenever they are asked.
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`Table cards · ${codes.restaurant_name}`);
  pdf.setCreator('TableServe');
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const [width, height] = PAPER[paper];
  const cardWidth = (width - 2 * MARGIN) / COLUMNS;
  const cardHeight = (height - 2 * MARGIN) / ROWS;
  // About 44 mm on A4 and 38 mm on Letter: a metre's scanning distance, with room around it.
  const qrSide = Math.min(cardWidth - 96, cardHeight - 136);
  const name = encodable(bold, codes.restaurant_name) ? codes.restaurant_name : '';
  // A long name shrinks to the card's width (never below 6 pt).
  const nameSize = Math.max(
    6,
    Math.min(11, (11 * (cardWidth - 32)) / bold.widthOfTextAtSize(name || ' ', 11)),
  );

  let page = pdf.addPage([width, height]);
  for (const [index, code] of codes.codes.entries()) {
    const slot = index % CARDS_PER_PAGE;
    if (slot === 0 && index > 0) page = pdf.addPage([width, height]);
    const left = MARGIN + (slot % COLUMNS) * cardWidth;
    const top = height - MARGIN - Math.floor(slot / COLUMNS) * cardHeight;
    const centreX = left + cardWidth / 2;
    page.drawRectangle({
      x: left,
      y: top - cardHeight,
      width: cardWidth,
      height: cardHeight,
      borderColor: CUT_LINE,
      borderWidth: 0.6,
      borderDashArray: [4, 3],
    });
    // Top to bottom, the block centred in the card: table number, code, title, name. The gaps
    // around the code are at least the four modules of quiet zone a scanner needs.
    const block = 20 + 20 + qrSide + 28 + (name ? 16 : 0);
    let y = top - (cardHeight - block) / 2 - 20;
    centred(page, `Table ${code.table_no}`, { font: bold, size: 28, color: INK }, centreX, y);
    y -= 20;
    drawModules(page, code.qr, centreX - qrSide / 2, y, qrSide);
    y -= qrSide + 28;
    centred(page, qrMessages.title, { font: regular, size: 12, color: MUTED }, centreX, y);
    if (name) centred(page, name, { font: bold, size: nameSize, color: BRAND }, centreX, y - 16);
  }
  return pdf.save({ objectsPerTick: Number.POSITIVE_INFINITY });
}
