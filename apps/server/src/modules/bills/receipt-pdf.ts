import { receiptMessages as text } from '@tableserve/contract/receipts';
import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import { formatCents } from '../../lib/money';
import { type Receipt, receiptFooter, receiptHeader, receiptRows, receiptWhen } from './receipt-rows';

/** A6's width (105 mm) in points: a receipt's proportions that still prints on any paper. */
const WIDTH = 297.64;
/** A6's height: the least a page is; a long bill makes it longer, never a second page. */
const MIN_HEIGHT = 419.53;
const MARGIN = 24;
const GAP = 12;

type Style = { font: PDFFont; size: number; color: RGB };

/**
 * The standard fonts write WinAnsi only: a character outside it (a name in another script, an
 * emoji) becomes "?" rather than failing the whole receipt.
 */
function writable(font: PDFFont, value: string): string {
  let out = '';
  for (const character of value.normalize('NFC')) {
    try {
      font.encodeText(character);
      out += character;
    } catch {
      out += '?';
    }
  }
  return out;
}

/** Words of `value` in lines no wider than `width`; a word wider than the line is cut. */
function wrap(value: string, style: Style, width: number): string[] {
  const fits = (candidate: string) => style.font.widthOfTextAtSize(candidate, style.size) <= width;
  const lines: string[] = [];
  let line = '';
  for (let word of value.split(' ')) {
    while (!fits(word)) {
      let cut = word.length - 1;
      while (cut > 1 && !fits(word.slice(0, cut))) cut -= 1;
      if (line) lines.push(line);
      lines.push(word.slice(0, cut));
      line = '';
      word = word.slice(cut);
    }
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** What the page draws, top to bottom: each step knows its height before anything is drawn. */
type Step = { height: number; draw: (page: PDFPage, top: number) => void };

/**
 * The receipt as a PDF: one page of A6's width, the restaurant at the top, the lines, the
 * figures and the payment below, in the order of the email (the same rows, receipts.ts).
 */
export async function receiptPdf(receipt: Receipt): Promise<Uint8Array> {
  // Loaded by the first receipt, not at start: pdf-lib is a good part of the server's start-up
  // time (docs/decisions/021-production-build.md).
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib');
  const INK = rgb(0.11, 0.098, 0.09); // stone-900
  const BRAND = rgb(0.686, 0.196, 0.11); // brand-700
  const MUTED = rgb(0.47, 0.443, 0.424); // stone-500
  const RULE = rgb(0.85, 0.84, 0.83);
  // No creation or modification time: the same receipt makes the same bytes, whenever it is asked.
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  pdf.setTitle(writable(regular, `${text.heading} · ${receipt.restaurant.name}`));
  pdf.setCreator('TableServe');
  const inner = WIDTH - 2 * MARGIN;
  const steps: Step[] = [];

  const centred = (value: string, style: Style, leading: number) => {
    for (const line of wrap(writable(style.font, value), style, inner))
      steps.push({
        height: leading,
        draw: (page, top) =>
          page.drawText(line, {
            ...style,
            x: (WIDTH - style.font.widthOfTextAtSize(line, style.size)) / 2,
            y: top - style.size,
          }),
      });
  };
  /** A label on the left (wrapped, with an optional muted detail below) and an amount on the right. */
  const row = (label: string, amount: string, style: Style, detail?: string) => {
    const figure = writable(style.font, amount);
    const figureWidth = style.font.widthOfTextAtSize(figure, style.size);
    const labelLines = wrap(writable(style.font, label), style, inner - figureWidth - GAP);
    const small: Style = { font: regular, size: 7.5, color: MUTED };
    const detailLines = detail ? wrap(writable(regular, detail), small, inner - figureWidth - GAP) : [];
    const leading = style.size + 4;
    steps.push({
      height: labelLines.length * leading + detailLines.length * (small.size + 3) + 2,
      draw: (page, top) => {
        page.drawText(figure, { ...style, x: WIDTH - MARGIN - figureWidth, y: top - style.size });
        let y = top;
        for (const line of labelLines) {
          page.drawText(line, { ...style, x: MARGIN, y: y - style.size });
          y -= leading;
        }
        for (const line of detailLines) {
          page.drawText(line, { ...small, x: MARGIN + 6, y: y - small.size });
          y -= small.size + 3;
        }
      },
    });
  };
  const rule = () =>
    steps.push({
      height: 14,
      draw: (page, top) =>
        page.drawLine({
          start: { x: MARGIN, y: top - 7 },
          end: { x: WIDTH - MARGIN, y: top - 7 },
          thickness: 0.6,
          color: RULE,
        }),
    });
  const space = (height: number) => steps.push({ height, draw: () => {} });

  const body: Style = { font: regular, size: 9, color: INK };
  const [name = '', ...address] = receiptHeader(receipt);
  centred(text.heading.toUpperCase(), { font: bold, size: 8, color: BRAND }, 14);
  centred(name, { font: bold, size: 14, color: INK }, 18);
  for (const line of address) centred(line, { font: regular, size: 8.5, color: MUTED }, 11);
  space(6);
  for (const line of receiptWhen(receipt)) centred(line, { font: regular, size: 8.5, color: INK }, 11);
  rule();
  for (const line of receipt.lines)
    row(line.label, formatCents(line.amountCents), body, line.options || undefined);
  rule();
  for (const figure of receiptRows(receipt))
    row(
      figure.note ? `${figure.label} (${figure.note})` : figure.label,
      figure.amount,
      figure.strong ? { font: bold, size: 11, color: INK } : body,
    );
  rule();
  for (const line of receiptFooter(receipt)) row(line.label, line.amount, { ...body, color: MUTED });
  space(10);
  centred(text.thanks, { font: bold, size: 9, color: BRAND }, 12);

  const height = Math.max(
    MIN_HEIGHT,
    steps.reduce((sum, step) => sum + step.height, 2 * MARGIN),
  );
  const page = pdf.addPage([WIDTH, height]);
  let top = height - MARGIN;
  for (const step of steps) {
    step.draw(page, top);
    top -= step.height;
  }
  return pdf.save();
}
