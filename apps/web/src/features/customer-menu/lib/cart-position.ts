import { localKeys, localStore } from '@/lib/storage';

export type Point = { x: number; y: number };
export type Size = { width: number; height: number };

/** Keeps the floating cart this far from the window's edges, so it never touches them. */
export const EDGE_GAP_PX = 12;

/**
 * Where the floating cart may sit: its top-left corner moved just enough to keep the whole
 * button inside the window (docs/product/menu.md#diner-menu).
 * A window narrower than the button pins it to the top-left gap.
 */
export function clampPosition(position: Point, size: Size, viewport: Size, gap = EDGE_GAP_PX): Point {
  const clampAxis = (value: number, length: number, room: number) =>
    Math.max(gap, Math.min(value, room - length - gap));
  return {
    x: Math.round(clampAxis(position.x, size.width, viewport.width)),
    y: Math.round(clampAxis(position.y, size.height, viewport.height)),
  };
}

/** Bottom-right, above the checkout bar: where a thumb finds it before it is ever moved. */
export function defaultPosition(size: Size, viewport: Size, bottomClearance: number): Point {
  return clampPosition(
    {
      x: viewport.width - size.width - EDGE_GAP_PX,
      y: viewport.height - size.height - EDGE_GAP_PX - bottomClearance,
    },
    size,
    viewport,
  );
}

/** The saved position (localStorage cartPosition, JSON {x,y}), or null when none is readable. */
export function readCartPosition(): Point | null {
  const raw = localStore.get(localKeys.cartPosition);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Point> | null;
    return Number.isFinite(value?.x) && Number.isFinite(value?.y)
      ? { x: Number(value?.x), y: Number(value?.y) }
      : null;
  } catch {
    return null;
  }
}

export function saveCartPosition(position: Point): void {
  localStore.set(localKeys.cartPosition, JSON.stringify({ x: position.x, y: position.y }));
}
