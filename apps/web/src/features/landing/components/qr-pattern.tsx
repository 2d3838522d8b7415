import { cn } from '@/lib/cn';

const SIZE = 21;

/** True where a finder square (the three big corner marks of a QR code) draws a dark module. */
function finderModule(x: number, y: number): boolean | undefined {
  for (const [ox, oy] of [
    [0, 0],
    [SIZE - 7, 0],
    [0, SIZE - 7],
  ] as const) {
    const dx = x - ox;
    const dy = y - oy;
    if (dx >= -1 && dx <= 7 && dy >= -1 && dy <= 7) {
      if (dx < 0 || dy < 0 || dx > 6 || dy > 6) return false;
      const ring = Math.min(dx, dy, 6 - dx, 6 - dy);
      return ring !== 1;
    }
  }
  return undefined;
}

/** A fixed pseudo-random module pattern: deterministic so the illustration never changes. */
function buildPath(): string {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  let d = '';
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const finder = finderModule(x, y);
      const dark = finder ?? next() > 0.52;
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }
  }
  return d;
}

const modulesPath = buildPath();

/** A decorative QR-code look-alike for illustrations; it encodes nothing. */
export function QrPattern({ className }: { className?: string }) {
  return (
    <svg
      viewBox={`-1 -1 ${SIZE + 2} ${SIZE + 2}`}
      aria-hidden="true"
      className={cn('size-20', className)}
      shapeRendering="crispEdges"
    >
      <rect x="-1" y="-1" width={SIZE + 2} height={SIZE + 2} fill="#fff" />
      <path d={modulesPath} className="fill-stone-900" />
    </svg>
  );
}
