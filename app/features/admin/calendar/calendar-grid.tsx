/**
 * The calendar grid (admin spec §2 "Calendar", §9): 30-minute rows 08:00–19:30 at 48 px, one
 * column per day in week view (Monday first), one column per working therapist in day view (plus
 * "Unassigned"; issue 28 item 10, lanes.ts), appointments as absolutely positioned buttons
 * coloured by status, blocked times in their colour, and a line at the current time in today's
 * column. Appointments move and resize by dragging (use-grid-drag.ts). Times are Lagos time.
 */
import { clsx } from "clsx";
import { memo, type PointerEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { DialogContent, DialogRoot, DialogTitle } from "#app/components/ui/dialog.tsx";
import {
  type Appointment,
  type BlockedTime,
  CALENDAR_SLOTS,
  type CalendarStaff,
  gridPosition,
  SLOT_HEIGHT_PX,
} from "#common/calendar.ts";
import { lagosClock } from "#common/lagos-time.ts";
import { type DayLayout, dayLabels, layoutDays, MAX_LANES, statusStyle } from "./calendar-view.ts";
import { type DropPatch, dayLanes, type Lane } from "./lanes.ts";
import { type DragPreview, useGridDrag } from "./use-grid-drag.ts";

const EMPTY_DAY: DayLayout = { count: 0, appointments: [], blocks: [], more: [] };

const GRID_HEIGHT = CALENDAR_SLOTS.length * SLOT_HEIGHT_PX;
/** Narrowest therapist column of the day view; more columns than fit scroll inside the grid. */
const LANE_MIN_REM = 9;

/** Pointer handlers of the grid's drag, shared by every column. */
type DragHandlers = {
  start: (appointment: Appointment, lane: number, e: PointerEvent<HTMLElement>) => void;
  move: (e: PointerEvent<HTMLElement>) => void;
  end: (e: PointerEvent<HTMLElement>) => void;
  cancel: () => void;
  endedDrag: () => boolean;
};

type GridProps = {
  days: readonly string[];
  today: string;
  appointments: readonly Appointment[];
  blockedTimes: readonly BlockedTime[];
  /** Members for the day view's columns (with the weekdays they work). */
  staff: readonly CalendarStaff[];
  /** The staff filter's member: the day view shows their column only. */
  staffFilter: number | null;
  onOpen: (appointment: Appointment) => void;
  onOpenBlock: (block: BlockedTime) => void;
  /** A click on an empty part of a column: that Lagos date, half hour ('HH:MM') and member. */
  onBookSlot: (date: string, time: string, staffId: number | null | undefined) => void;
  /** Saves a drag (PATCH); resolves true when saved, false when refused (the block snaps back). */
  /** Saves a drag; absent when the role may not move appointments. */
  onDrop?: (appointment: Appointment, patch: DropPatch) => Promise<boolean>;
};

/** The columns of the view: the week's days, or the day's therapists (lanes.ts). */
function useLanes(props: GridProps): { lanes: Lane[]; layouts: DayLayout[]; shadows: DayLayout[] } {
  const { days, appointments, blockedTimes, staff, staffFilter } = props;
  return useMemo(() => {
    const week = days.length > 1;
    if (week) {
      const byDay = layoutDays(days, appointments, blockedTimes, MAX_LANES.week);
      const lanes = days.map((date) => ({
        key: date,
        date,
        label: null,
        staffId: undefined,
        appointments: [],
        blocks: [],
        shadowBlocks: [],
      }));
      return {
        lanes,
        layouts: days.map((d) => byDay.get(d) ?? EMPTY_DAY),
        shadows: days.map(() => EMPTY_DAY),
      };
    }
    const date = days[0] as string;
    const lanes = dayLanes(date, staff, [...appointments], [...blockedTimes], staffFilter);
    const one = (a: Appointment[], b: BlockedTime[]) =>
      layoutDays([date], a, b, MAX_LANES.day).get(date) ?? EMPTY_DAY;
    return {
      lanes,
      layouts: lanes.map((l) => one(l.appointments, l.blocks)),
      shadows: lanes.map((l) => one([], l.shadowBlocks)),
    };
  }, [days, appointments, blockedTimes, staff, staffFilter]);
}

export function CalendarGrid(props: GridProps) {
  const { days, today, onOpen, onOpenBlock, onBookSlot, onDrop } = props;
  const now = useNow();
  const week = days.length > 1;
  // Laid out once per list, not per render: the minute tick of the now-line re-renders only
  // today's column (LaneColumn is memoised and only today's gets `now`).
  const { lanes, layouts, shadows } = useLanes(props);
  const grid = useRef<HTMLDivElement>(null);
  const drag = useGridDrag(grid, lanes, onDrop);
  const handlers: DragHandlers = useMemo(
    () => ({
      start: drag.start,
      move: drag.move,
      end: (e) => void drag.end(e),
      cancel: drag.cancel,
      endedDrag: drag.endedDrag,
    }),
    [drag.start, drag.move, drag.end, drag.cancel, drag.endedDrag],
  );
  const [more, setMore] = useState<{ date: string; hidden: Appointment[] } | null>(null);
  const openMore = useCallback(
    (date: string, hidden: Appointment[]) => setMore({ date, hidden }),
    [],
  );
  const columns = lanes.map((lane, i) => (
    <LaneColumn
      key={lane.key}
      index={i}
      lane={lane}
      week={week}
      isToday={lane.date === today}
      now={lane.date === today ? now : null}
      layout={layouts[i] ?? EMPTY_DAY}
      shadow={shadows[i] ?? EMPTY_DAY}
      preview={drag.preview?.lane === i ? drag.preview : null}
      drag={handlers}
      onOpenMore={openMore}
      onBookSlot={onBookSlot}
      onOpen={onOpen}
      onOpenBlock={onOpenBlock}
    />
  ));
  const columnCount = week ? days.length : 1;
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
      <div
        ref={grid}
        className={clsx("grid", week ? "min-w-[720px]" : "min-w-0")}
        style={{
          gridTemplateColumns: `4rem repeat(${columnCount}, minmax(0, 1fr))`,
          minWidth: week ? undefined : `${4 + lanes.length * LANE_MIN_REM}rem`,
        }}
      >
        <div className="sticky left-0 top-0 z-30 border-b border-gray-200 bg-white" />
        {days.map((d) => (
          <DayHeader
            key={d}
            date={d}
            today={today}
            count={week ? (layouts[days.indexOf(d)]?.count ?? 0) : countOn(layouts)}
            lanes={week ? null : lanes}
          />
        ))}
        <TimeColumn />
        {week ? (
          columns
        ) : (
          <section
            aria-label={dayLabels(days[0] as string).long}
            data-testid={`day-${days[0]}`}
            className="grid"
            style={{ gridTemplateColumns: `repeat(${lanes.length}, minmax(0, 1fr))` }}
          >
            {columns}
          </section>
        )}
      </div>
      <MoreDialog more={more} onClose={() => setMore(null)} onOpen={onOpen} />
    </div>
  );
}

/** The half-hour labels, kept in view when the columns scroll sideways. */
function TimeColumn() {
  return (
    <div className="sticky left-0 z-20 bg-white" style={{ height: GRID_HEIGHT }}>
      {CALENDAR_SLOTS.map((slot, i) => (
        <div
          key={slot}
          className="absolute right-2 -translate-y-0 text-xs text-gray-600"
          style={{ top: i * SLOT_HEIGHT_PX + 2 }}
        >
          {slot}
        </div>
      ))}
    </div>
  );
}

/** Appointments starting on the day, over the day view's columns. */
function countOn(layouts: readonly DayLayout[]): number {
  return layouts.reduce((n, l) => n + l.count, 0);
}

/** A day's header: its name and appointment count; in day view, the therapists' names below. */
function DayHeader({
  date,
  today,
  count,
  lanes,
}: {
  date: string;
  today: string;
  count: number;
  lanes: Lane[] | null;
}) {
  const labels = dayLabels(date);
  return (
    <div
      data-testid={`day-header-${date}`}
      className={clsx(
        "sticky top-0 z-20 border-b border-l border-gray-200 bg-white text-center",
        lanes ? "pt-2" : "px-2 py-2",
        date === today && "bg-brand-50",
      )}
    >
      <p className="text-sm font-semibold text-ink">
        <span aria-hidden>{labels.short}</span>
        <span className="sr-only">{labels.long}</span>
      </p>
      <p className="text-xs leading-tight text-gray-700">
        {count} {count === 1 ? "appointment" : "appointments"}
      </p>
      {lanes?.some((l) => l.label) && (
        <div
          className="mt-1 grid border-t border-gray-200"
          style={{ gridTemplateColumns: `repeat(${lanes.length}, minmax(0, 1fr))` }}
        >
          {lanes.map((l, i) => (
            <p
              key={l.key}
              data-testid="lane-header"
              className={clsx(
                "truncate px-1 py-1 text-xs font-semibold",
                i > 0 && "border-l border-gray-200",
                l.staffId === null ? "text-amber-900" : "text-ink",
              )}
            >
              {l.label}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}

/** The '+N more' list of a crowded stretch of a column. */
function MoreDialog({
  more,
  onClose,
  onOpen,
}: {
  more: { date: string; hidden: Appointment[] } | null;
  onClose: () => void;
  onOpen: (appointment: Appointment) => void;
}) {
  return (
    <DialogRoot open={more !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogTitle className="text-lg font-semibold text-ink">
          {more ? `${more.hidden.length} more on ${dayLabels(more.date).long}` : ""}
        </DialogTitle>
        <ul className="mt-3 max-h-[60vh] space-y-1 overflow-y-auto">
          {more?.hidden.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                className="w-full rounded-md px-2 py-1.5 text-left text-sm hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-700"
                onClick={() => {
                  onClose();
                  onOpen(a);
                }}
              >
                <span className="font-medium">
                  {lagosClock(a.appointmentDate)}–{lagosClock(a.endTime)} {a.customerName}
                </span>
                <span className="block text-gray-700">
                  {a.serviceName} · {a.staffName ?? "Unassigned"} · {statusStyle(a.status).label}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </DialogContent>
    </DialogRoot>
  );
}

type LaneColumnProps = {
  index: number;
  lane: Lane;
  week: boolean;
  isToday: boolean;
  now: Date | null;
  layout: DayLayout;
  /** All-staff blocks drawn again in this therapist's column (their button is in the first). */
  shadow: DayLayout;
  preview: DragPreview | null;
  drag: DragHandlers;
  onOpen: (appointment: Appointment) => void;
  onOpenBlock: (block: BlockedTime) => void;
  onOpenMore: (date: string, hidden: Appointment[]) => void;
  onBookSlot: (date: string, time: string, staffId: number | null | undefined) => void;
};

const LaneColumn = memo(function LaneColumn(props: LaneColumnProps) {
  const { lane, week, isToday, now, layout, shadow, onOpenBlock, onOpenMore, onBookSlot } = props;
  const date = lane.date;
  const nowLine = isToday && now ? gridPosition(now, new Date(now.getTime() + 60_000)) : null;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut to New Booking at the clicked half hour; the New Booking button (date and time pickers) is the keyboard path.
    <section
      aria-label={week ? dayLabels(date).long : (lane.label ?? dayLabels(date).long)}
      data-testid={week ? `day-${date}` : `lane-${lane.key}`}
      data-lane-index={props.index}
      className={clsx(
        "relative cursor-pointer border-l border-gray-200",
        isToday && "bg-brand-50/40",
      )}
      style={{ height: GRID_HEIGHT }}
      onClick={(event) => {
        if ((event.target as HTMLElement).closest("button")) return;
        const row = Math.floor(
          (event.clientY - event.currentTarget.getBoundingClientRect().top) / SLOT_HEIGHT_PX,
        );
        const time = CALENDAR_SLOTS[Math.min(Math.max(row, 0), CALENDAR_SLOTS.length - 1)];
        if (time) onBookSlot(date, time, lane.staffId);
      }}
    >
      {CALENDAR_SLOTS.map((slot, i) => (
        <div
          key={slot}
          aria-hidden
          className={clsx(
            "absolute inset-x-0 border-t",
            i % 2 === 0 ? "border-gray-200" : "border-dashed border-gray-100",
          )}
          style={{ top: i * SLOT_HEIGHT_PX }}
        />
      ))}
      <Blocks layout={layout} shadow={shadow} onOpenBlock={onOpenBlock} />
      <Appointments {...props} />
      {layout.more.map((m) => (
        <button
          key={`more-${m.top}`}
          type="button"
          data-testid="more-appointments"
          onClick={() => onOpenMore(date, m.hidden)}
          className="absolute z-10 flex items-start justify-center rounded-md border border-gray-300 bg-white px-1 py-0.5 text-xs font-semibold text-gray-800 shadow-sm hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-700"
          style={{
            top: m.top,
            height: Math.max(m.height, 20),
            left: `calc(${(m.lane / m.lanes) * 100}% + 2px)`,
            width: `calc(${100 / m.lanes}% - 4px)`,
          }}
        >
          +{m.hidden.length} more
        </button>
      ))}
      {nowLine && nowLine.height > 0 && (
        <div
          data-testid="now-line"
          aria-hidden
          className="pointer-events-none absolute inset-x-0 z-30 border-t-2 border-red-600"
          style={{ top: nowLine.top }}
        >
          <span className="absolute -left-1 -top-1.5 h-3 w-3 rounded-full bg-red-600" />
        </div>
      )}
    </section>
  );
});

/** A column's blocked times: buttons, and tints of all-staff blocks whose button is elsewhere. */
function Blocks({
  layout,
  shadow,
  onOpenBlock,
}: Pick<LaneColumnProps, "layout" | "shadow" | "onOpenBlock">) {
  return (
    <>
      {shadow.blocks.map(({ block, top, height }) => (
        <div
          key={`shadow-${block.id}`}
          aria-hidden
          className="pointer-events-none absolute inset-x-0.5 rounded-md border-l-4"
          style={{ top, height, backgroundColor: `${block.color}55`, borderColor: block.color }}
        />
      ))}
      {layout.blocks.map(({ block, top, height }) => (
        <button
          key={block.id}
          type="button"
          data-testid="blocked-time"
          onClick={() => onOpenBlock(block)}
          className="absolute inset-x-0.5 flex flex-col items-stretch justify-start overflow-hidden rounded-md border-l-4 px-1.5 py-0.5 text-left text-xs leading-tight text-gray-950 hover:brightness-95 focus-visible:outline-2 focus-visible:outline-brand-700"
          style={{ top, height, backgroundColor: `${block.color}55`, borderColor: block.color }}
        >
          <span className="block truncate font-semibold">
            {block.title}
            <span className="sr-only">,</span>
          </span>
          <span className={height >= 40 ? "block truncate" : "sr-only"}>
            {lagosClock(block.startTime)}–{lagosClock(block.endTime)} ·{" "}
            {block.staffName ?? "All staff"}
          </span>
        </button>
      ))}
    </>
  );
}

/** A column's appointment blocks: press to open, drag to move, drag the bottom edge to resize. */
function Appointments({ index, layout, preview, drag, onOpen }: LaneColumnProps) {
  return layout.appointments.map(({ appointment: a, top, height, lane, lanes }) => {
    const style = statusStyle(a.status);
    const dragged = preview?.id === a.id ? preview : null;
    const shownHeight = Math.max(
      dragged?.mode === "resize" ? height + dragged.dy : height,
      dragged?.mode === "resize" ? 24 : 20,
    );
    return (
      <button
        key={a.id}
        type="button"
        data-testid="appointment-block"
        data-status={a.status}
        data-dragging={dragged ? "true" : undefined}
        onClick={() => {
          if (!drag.endedDrag()) onOpen(a);
        }}
        onPointerDown={(e) => drag.start(a, index, e)}
        onPointerMove={drag.move}
        onPointerUp={drag.end}
        onPointerCancel={drag.cancel}
        className={clsx(
          "absolute z-10 flex select-none flex-col items-stretch justify-start overflow-hidden rounded-md border-l-4 px-1.5 py-0.5 text-left text-xs leading-tight shadow-sm hover:brightness-95 focus-visible:outline-2 focus-visible:outline-brand-700",
          style.block,
          dragged && "z-40 cursor-grabbing opacity-90 shadow-lg ring-2 ring-brand-700",
        )}
        style={{
          top,
          height: shownHeight,
          left: `calc(${(lane / lanes) * 100}% + 2px)`,
          width: `calc(${100 / lanes}% - 4px)`,
          transform:
            dragged?.mode === "move" ? `translate(${dragged.dx}px, ${dragged.dy}px)` : undefined,
        }}
      >
        {/* The name is the visible text plus what a short block hides (sr-only). */}
        <span className="block truncate font-semibold">
          {a.customerName}
          <span className="sr-only">,</span>
        </span>
        <span className={height >= 40 ? "block truncate" : "sr-only"}>
          {a.serviceName}
          <span className="sr-only">,</span>
        </span>
        <span className={height >= 60 ? "block truncate" : "sr-only"}>
          {lagosClock(a.appointmentDate)}–{lagosClock(a.endTime)} · {a.staffName ?? "Unassigned"}
          <span className="sr-only">,</span>
        </span>
        <span className="sr-only">{style.label}</span>
        {!a.virtual && (
          <span
            aria-hidden
            data-resize-handle
            data-testid="resize-handle"
            className="absolute inset-x-0 bottom-0 h-2 cursor-ns-resize"
          />
        )}
      </button>
    );
  });
}

/** The current instant, on the client only (null while rendering on the server), each minute. */
function useNow(): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
