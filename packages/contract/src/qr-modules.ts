// No zod here: the owner's QR page draws codes with it, the server paints them into the PDF.

/** A QR code's modules (ADR 013): size × size characters, row by row, '1' dark and '0' light. */
export type QrModules = { size: number; modules: string };

/** A horizontal run of dark modules, in module units from the top left: [x, y, width]. */
export type QrRun = [x: number, y: number, width: number];

/**
 * The dark modules, each row's neighbours merged into one run: the one reading of a code that the
 * screen (<svg>), the PNG (canvas Path2D) and the PDF (rectangles) all draw.
 */
export function qrModuleRuns({ size, modules }: QrModules): QrRun[] {
  const runs: QrRun[] = [];
  for (let y = 0; y < size; y += 1) {
    let x = 0;
    while (x < size) {
      if (modules[y * size + x] !== '1') {
        x += 1;
        continue;
      }
      const start = x;
      while (x < size && modules[y * size + x] === '1') x += 1;
      runs.push([start, y, x - start]);
    }
  }
  return runs;
}

/** The runs as one SVG path in module units (y down). */
export const qrModulesPath = (qr: QrModules): string =>
  qrModuleRuns(qr)
    .map(([x, y, width]) => `M${x} ${y}h${width}v1h${-width}z`)
    .join('');
