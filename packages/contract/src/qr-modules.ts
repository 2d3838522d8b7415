// No zod here: the owner's QR page draws codes with it, the server paints them into the PDF.

/** A QR code's modules (ADR 013): size × size characters, row by row, '1' dark and '0' light. */
export type QrModules = { size: number; modules: string };

/**
 * The dark modules as one SVG path in module units (y down), each row's runs merged into one
 * rectangle: the same drawing for the screen (<svg>), the PNG (canvas Path2D) and the PDF.
 */
export function qrModulesPath({ size, modules }: QrModules): string {
  const parts: string[] = [];
  for (let y = 0; y < size; y += 1) {
    let x = 0;
    while (x < size) {
      if (modules[y * size + x] !== '1') {
        x += 1;
        continue;
      }
      const start = x;
      while (x < size && modules[y * size + x] === '1') x += 1;
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  }
  return parts.join('');
}
