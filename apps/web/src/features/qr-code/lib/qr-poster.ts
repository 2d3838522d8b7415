import { QR_CODE_WIDTH } from '@tableserve/contract/menu';
import { type QrModules, qrModulesPath } from '@tableserve/contract/qr-modules';

/** docs/product/menu.md#menu-images: the download is a 400×500 image: the title band on top, the 400-px code below. */
export const QR_POSTER_WIDTH = QR_CODE_WIDTH;
export const QR_POSTER_HEIGHT = 500;
const TITLE_BAND = QR_POSTER_HEIGHT - QR_CODE_WIDTH;
/** The white margin around a code drawn here, in modules: as the server's PNG has. */
const QR_MARGIN_MODULES = 2;

export type QrPosterText = { title: string; restaurantName?: string };

/** Paints the poster: white background, the title (and the restaurant's name) centred, the code. */
export function drawQrPoster(canvas: HTMLCanvasElement, qr: CanvasImageSource, text: QrPosterText): void {
  canvas.width = QR_POSTER_WIDTH;
  canvas.height = QR_POSTER_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas drawing is not available');

  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, QR_POSTER_WIDTH, QR_POSTER_HEIGHT);

  const centre = QR_POSTER_WIDTH / 2;
  const maxTextWidth = QR_POSTER_WIDTH - 32;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillStyle = '#1c1917';
  context.font = '700 26px "Inter Variable", system-ui, sans-serif';
  const titleY = text.restaurantName ? 42 : TITLE_BAND / 2 + 4;
  context.fillText(text.title, centre, titleY, maxTextWidth);
  if (text.restaurantName) {
    context.fillStyle = '#af321c';
    context.font = '600 17px "Inter Variable", system-ui, sans-serif';
    context.fillText(text.restaurantName, centre, 76, maxTextWidth);
  }

  context.drawImage(qr, 0, TITLE_BAND, QR_CODE_WIDTH, QR_CODE_WIDTH);
}

/** A table's code (ADR 013) as a 400-px image, drawn from its modules like the server's PNG. */
export function drawQrModules(qr: QrModules): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = QR_CODE_WIDTH;
  canvas.height = QR_CODE_WIDTH;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas drawing is not available');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, QR_CODE_WIDTH, QR_CODE_WIDTH);
  const scale = QR_CODE_WIDTH / (qr.size + 2 * QR_MARGIN_MODULES);
  context.setTransform(scale, 0, 0, scale, QR_MARGIN_MODULES * scale, QR_MARGIN_MODULES * scale);
  context.fillStyle = '#000000';
  context.fill(new Path2D(qrModulesPath(qr)));
  return canvas;
}

/** The file name of the download: the restaurant's id (docs/product/restaurant-setup.md#qr-code), and a table's number. */
export const qrPosterFileName = (restaurantId: number, table?: number) =>
  table === undefined ? `${restaurantId}.png` : `${restaurantId}-table-${table}.png`;

/** Hands a file to the browser as a download through an <a download>. */
export function downloadFile(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Draws the poster on a fresh canvas and downloads it as a PNG. */
export function downloadQrPoster(qr: CanvasImageSource, text: QrPosterText, fileName: string): void {
  const canvas = document.createElement('canvas');
  drawQrPoster(canvas, qr, text);
  downloadFile(canvas.toDataURL('image/png'), fileName);
}
