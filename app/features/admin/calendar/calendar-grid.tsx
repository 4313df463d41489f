/**
 * The calendar grid (admin spec §2 "Calendar", §9): 30-minute rows 08:00–19:30 at 48 px, one
 * column per day (Monday first in week view), appointments as absolutely positioned buttons
 * coloured by status, blocked times in their colour, and a line at the current time in today's
 * column. Times are Lagos time.
 */
import { clsx } from "clsx";
import { memo, useCallback, useEffect, useMemo, useState } from "react";
import { DialogContent, DialogRoot, DialogTitle } from "#app/components/ui/dialog.tsx";
import {
  type Appointment,
  type BlockedTime,
  CALENDAR_SLOTS,
  gridPosition,
  SLOT_HEIGHT_PX,
} from "#common/calendar.ts";
import { lagosClock } from "#common/lagos-time.ts";
import { type DayLayout, dayLabels, layoutDays, MAX_LANES, statusStyle } from "./calendar-view.ts";

const EMPTY_DAY: DayLayout = { count: 0, appointments: [], blocks: [], more: [] };

const GRID_HEIGHT = CALENDAR_SLOTS.length * SLOT_HEIGHT_PX;

export function CalendarGrid({
  days,
  today,
  appointments,
  blockedTimes,
  onOpen,
  onOpenBlock,
  onBookSlot,
}: {
  days: readonly string[];
  today: string;
  appointments: readonly Appointment[];
  blockedTimes: readonly BlockedTime[];
  onOpen: (appointment: Appointment) => void;
  onOpenBlock: (block: BlockedTime) => void;
  /** A click on an empty part of a column: that Lagos date and half hour ('HH:MM'). */
  onBookSlot: (date: string, time: string) => void;
}) {
  const now = useNow();
  const week = days.length > 1;
  // Laid out once per list, not per render: the minute tick of the now-line re-renders only
  // today's column (DayColumn is memoised and only today's gets `now`).
  const layout = useMemo(
    () => layoutDays(days, appointments, blockedTimes, week ? MAX_LANES.week : MAX_LANES.day),
    [days, appointments, blockedTimes, week],
  );
  const [more, setMore] = useState<{ date: string; hidden: Appointment[] } | null>(null);
  const openMore = useCallback(
    (date: string, hidden: Appointment[]) => setMore({ date, hidden }),
    [],
  );
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
      <div
        className={clsx("grid", week ? "min-w-[720px]" : "min-w-0")}
        style={{ gridTemplateColumns: `4rem repeat(${days.length}, minmax(0, 1fr))` }}
      >
        <div className="sticky top-0 z-20 border-b border-gray-200 bg-white" />
        {days.map((d) => {
          const count = layout.get(d)?.count ?? 0;
          const labels = dayLabels(d);
          return (
            <div
              key={d}
              data-testid={`day-header-${d}`}
              className={clsx(
                "sticky top-0 z-20 border-b border-l border-gray-200 bg-white px-2 py-2 text-center",
                d === today && "bg-brand-50",
              )}
            >
              <p className="text-sm font-semibold text-ink">
                <span aria-hidden>{labels.short}</span>
                <span className="sr-only">{labels.long}</span>
              </p>
              <p className="text-xs leading-tight text-gray-700">
                {count} {count === 1 ? "appointment" : "appointments"}
              </p>
            </div>
          );
        })}

        <div className="relative" style={{ height: GRID_HEIGHT }}>
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
        {days.map((d) => (
          <DayColumn
            key={d}
            date={d}
            isToday={d === today}
            now={d === today ? now : null}
            layout={layout.get(d) ?? EMPTY_DAY}
            onOpenMore={openMore}
            onBookSlot={onBookSlot}
            onOpen={onOpen}
            onOpenBlock={onOpenBlock}
          />
        ))}
      </div>
      <DialogRoot open={more !== null} onOpenChange={(open) => !open && setMore(null)}>
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
                    setMore(null);
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
    </div>
  );
}

const DayColumn = memo(function DayColumn({
  date,
  isToday,
  now,
  layout,
  onOpen,
  onOpenBlock,
  onOpenMore,
  onBookSlot,
}: {
  date: string;
  isToday: boolean;
  now: Date | null;
  layout: DayLayout;
  onOpen: (appointment: Appointment) => void;
  onOpenBlock: (block: BlockedTime) => void;
  onOpenMore: (date: string, hidden: Appointment[]) => void;
  onBookSlot: (date: string, time: string) => void;
}) {
  const { blocks, appointments: placed } = layout;
  const nowLine = isToday && now ? gridPosition(now, new Date(now.getTime() + 60_000)) : null;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut to New Booking at the clicked half hour; the New Booking button (date and time pickers) is the keyboard path.
    <section
      aria-label={dayLabels(date).long}
      data-testid={`day-${date}`}
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
        if (time) onBookSlot(date, time);
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
      {blocks.map(({ block, top, height }) => (
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
      {placed.map(({ appointment: a, top, height, lane, lanes }) => {
        const style = statusStyle(a.status);
        return (
          <button
            key={a.id}
            type="button"
            data-testid="appointment-block"
            data-status={a.status}
            onClick={() => onOpen(a)}
            className={clsx(
              "absolute z-10 flex flex-col items-stretch justify-start overflow-hidden rounded-md border-l-4 px-1.5 py-0.5 text-left text-xs leading-tight shadow-sm hover:brightness-95 focus-visible:outline-2 focus-visible:outline-brand-700",
              style.block,
            )}
            style={{
              top,
              height: Math.max(height, 20),
              left: `calc(${(lane / lanes) * 100}% + 2px)`,
              width: `calc(${100 / lanes}% - 4px)`,
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
              {lagosClock(a.appointmentDate)}–{lagosClock(a.endTime)} ·{" "}
              {a.staffName ?? "Unassigned"}
              <span className="sr-only">,</span>
            </span>
            <span className="sr-only">{style.label}</span>
          </button>
        );
      })}
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
