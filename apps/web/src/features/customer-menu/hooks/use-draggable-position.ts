import {
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  clampPosition,
  defaultPosition,
  type Point,
  readCartPosition,
  type Size,
  saveCartPosition,
} from '../lib/cart-position';

/** A press that moves less than this is a tap, not a drag (fingers wobble). */
const DRAG_THRESHOLD_PX = 6;
/** A click arriving this soon after a drag ended belongs to that drag. */
const CLICK_AFTER_DRAG_MS = 400;
/** How far one arrow key press moves the element, for keyboard users who cannot drag. */
const KEY_STEP_PX = 24;
const keySteps: Record<string, Point> = {
  ArrowLeft: { x: -KEY_STEP_PX, y: 0 },
  ArrowRight: { x: KEY_STEP_PX, y: 0 },
  ArrowUp: { x: 0, y: -KEY_STEP_PX },
  ArrowDown: { x: 0, y: KEY_STEP_PX },
};

type Frame = { size: Size; viewport: Size };

function measure(element: HTMLElement | null): Frame {
  const rect = element?.getBoundingClientRect();
  return {
    size: { width: rect?.width ?? 0, height: rect?.height ?? 0 },
    viewport: { width: window.innerWidth, height: window.innerHeight },
  };
}

/**
 * Lets the user drag a fixed element with mouse, pen or finger (pointer events), or move it with
 * the arrow keys while it has focus. Its position is
 * clamped to the window, re-clamped when the window or the element changes size, and saved
 * under cartPosition when a drag ends. Until it is first moved it sits bottom-right, above
 * `bottomClearance` pixels (the checkout bar).
 */
export function useDraggablePosition(ref: RefObject<HTMLElement | null>, bottomClearance: number) {
  // Read with the first measure, not while rendering: the server, which draws the menu's HTML, has no storage.
  const [wanted, setWanted] = useState<Point | null>(null);
  const [frame, setFrame] = useState<Frame | null>(null);
  const [dragging, setDragging] = useState(false);
  const press = useRef<{ pointerId: number; start: Point; origin: Point; moved: boolean } | null>(null);
  const dragEndedAt = useRef(0);

  useLayoutEffect(() => {
    const element = ref.current;
    const update = () => setFrame(measure(element));
    setWanted(readCartPosition());
    update();
    window.addEventListener('resize', update);
    // The label (count and total) changes the width, which must stay inside the window too.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    if (element) observer?.observe(element);
    return () => {
      window.removeEventListener('resize', update);
      observer?.disconnect();
    };
  }, [ref]);

  const position: Point | null = frame
    ? clampPosition(
        wanted ?? defaultPosition(frame.size, frame.viewport, bottomClearance),
        frame.size,
        frame.viewport,
      )
    : null;

  function onPointerDown(event: PointerEvent<HTMLElement>) {
    if (!position || (event.pointerType === 'mouse' && event.button !== 0)) return;
    press.current = {
      pointerId: event.pointerId,
      start: { x: event.clientX, y: event.clientY },
      origin: position,
      moved: false,
    };
    // Keeps the moves coming even when a fast finger slips off the button.
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Not every environment supports capture; dragging still works while over the button.
    }
  }

  function onPointerMove(event: PointerEvent<HTMLElement>) {
    const current = press.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.start.x;
    const dy = event.clientY - current.start.y;
    if (!current.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    current.moved = true;
    setDragging(true);
    const { size, viewport } = measure(ref.current);
    setWanted(clampPosition({ x: current.origin.x + dx, y: current.origin.y + dy }, size, viewport));
  }

  function endPress(event: PointerEvent<HTMLElement>) {
    const current = press.current;
    if (!current || current.pointerId !== event.pointerId) return;
    press.current = null;
    if (!current.moved) return;
    setDragging(false);
    dragEndedAt.current = Date.now();
    const { size, viewport } = measure(ref.current);
    const dx = event.clientX - current.start.x;
    const dy = event.clientY - current.start.y;
    const final = clampPosition({ x: current.origin.x + dx, y: current.origin.y + dy }, size, viewport);
    setWanted(final);
    saveCartPosition(final);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const step = keySteps[event.key];
    if (!step || !position) return;
    event.preventDefault(); // the page must not scroll as well
    const { size, viewport } = measure(ref.current);
    const moved = clampPosition({ x: position.x + step.x, y: position.y + step.y }, size, viewport);
    setWanted(moved);
    saveCartPosition(moved);
  }

  /** True when a click is only the tail of a drag and must not count as a tap. */
  const isClickFromDrag = () => Date.now() - dragEndedAt.current < CLICK_AFTER_DRAG_MS;

  return {
    position,
    dragging,
    isClickFromDrag,
    handlers: { onPointerDown, onPointerMove, onPointerUp: endPress, onPointerCancel: endPress, onKeyDown },
  };
}
