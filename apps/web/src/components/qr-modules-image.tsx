import { type QrModules, qrModulesPath } from '@tableserve/contract/qr-modules';

/** The quiet zone a scanner needs around a code, in modules. */
const QUIET_ZONE = 2;

/** A code drawn from its modules (ADR 013): sharp at any size, on screen and on paper. */
export function QrModulesImage({
  qr,
  label,
  className,
}: {
  qr: QrModules;
  label: string;
  className?: string;
}) {
  const side = qr.size + 2 * QUIET_ZONE;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${side} ${side}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={side} height={side} fill="#fff" />
      <path d={qrModulesPath(qr)} fill="#1c1917" />
    </svg>
  );
}
