/**
 * Drag on the calendar grid (issue 28 item 10): press an appointment and move it (15-minute
 * steps; onto another lane: another therapist in day view, another date in week view) or drag its
 * bottom edge (duration). The drop is saved through `onDrop` (PATCH /api/appointments/{id}); the
 * block stays where it was dropped while the save runs and snaps back when it fails. A press that
 * does not move is a click (the details dialog). Mouse and pen only: on touch screens a swipe
 * scrolls the grid, and the details dialog's Edit is the way (as it is for the keyboard).
 */
import { type PointerEvent, type RefObject, useCallback, useRef, useState } from "react";
import type { Appointment } from "#common/calendar.ts";
import { type DropPatch, dropPatch, type Lane, STEP_PX, stepsOf } from "./lanes.ts";

/** Where the dragged block is drawn: offsets from its place in lane `lane`, in px. */
export type DragPreview = {
  id: string;
  lane: number;
  mode: "move" | "resize";
  dx: number;
  dy: number;
};

type Session = {
  appointment: Appointment;
  mode: "move" | "resize";
  lane: number;
  x0: number;
  y0: number;
  rects: DOMRect[];
  moved: boolean;
};

/** Pixels a press must travel before it is a drag and not a click. */
const DRAG_THRESHOLD_PX = 4;

/** The lane under the pointer at `clientX` (a resize stays in its lane). */
function target(s: Session, clientX: number): number {
  if (s.mode === "resize") return s.lane;
  const i = s.rects.findIndex((r) => clientX >= r.left && clientX < r.right);
  return i === -1 ? s.lane : i;
}

/**
 * @param container the grid; its lane elements carry `data-lane-index` (index into `lanes`).
 * @param onDrop saves a drop; resolves true when saved.
 * @returns the preview to draw, the pointer handlers for an appointment in lane `index`, and a
 *   click guard that swallows the click that ends a drag.
 */
export function useGridDrag(
  container: RefObject<HTMLElement | null>,
  lanes: ReadonlyArray<Pick<Lane, "date" | "staffId">>,
  /** Absent when the role may not move appointments (common/roles.ts): nothing drags. */
  onDrop: ((appointment: Appointment, patch: DropPatch) => Promise<boolean>) | undefined,
) {
  const [preview, setPreview] = useState<DragPreview | null>(null);
  const session = useRef<Session | null>(null);
  const dragged = useRef(false);
  const lanesRef = useRef(lanes);
  lanesRef.current = lanes;

  const start = useCallback(
    (appointment: Appointment, lane: number, e: PointerEvent<HTMLElement>) => {
      dragged.current = false;
      if (!onDrop || e.button !== 0 || e.pointerType === "touch" || appointment.virtual) return;
      const lanesEls = container.current?.querySelectorAll<HTMLElement>("[data-lane-index]") ?? [];
      session.current = {
        appointment,
        mode: (e.target as HTMLElement).closest("[data-resize-handle]") ? "resize" : "move",
        lane,
        x0: e.clientX,
        y0: e.clientY,
        rects: [...lanesEls].map((el) => el.getBoundingClientRect()),
        moved: false,
      };
      e.currentTarget.setPointerCapture(e.pointerId);
    },
    [container, onDrop],
  );

  const move = useCallback((e: PointerEvent<HTMLElement>) => {
    const s = session.current;
    if (!s) return;
    const dx = e.clientX - s.x0;
    const dy = e.clientY - s.y0;
    if (!s.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    s.moved = true;
    const to = target(s, e.clientX);
    setPreview({
      id: s.appointment.id,
      lane: s.lane,
      mode: s.mode,
      dx: (s.rects[to]?.left ?? 0) - (s.rects[s.lane]?.left ?? 0),
      dy: stepsOf(dy) * STEP_PX,
    });
  }, []);

  const end = useCallback(
    async (e: PointerEvent<HTMLElement>) => {
      const s = session.current;
      session.current = null;
      if (!s?.moved) return;
      dragged.current = true;
      const lane = lanesRef.current[target(s, e.clientX)];
      const patch = lane ? dropPatch(s.appointment, s.mode, stepsOf(e.clientY - s.y0), lane) : null;
      if (patch && onDrop) await onDrop(s.appointment, patch);
      setPreview(null);
    },
    [onDrop],
  );

  const cancel = useCallback(() => {
    session.current = null;
    setPreview(null);
  }, []);

  /** True (and reset) when the click being handled ends a drag, so it opens nothing. */
  const endedDrag = useCallback(() => {
    const was = dragged.current;
    dragged.current = false;
    return was;
  }, []);

  return { preview, start, move, end, cancel, endedDrag };
}
