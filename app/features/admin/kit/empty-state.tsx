/**
 * What a list shows instead of rows: an empty list ('No bookings yet.'), or filters that match
 * nothing, with the spec's Clear Filters button (admin spec §2 "Bookings management").
 */
import type { ReactNode } from "react";
import { adminButton } from "./buttons.ts";

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-gray-300 bg-white p-10 text-center text-gray-700">
      {children}
    </div>
  );
}

/** Filters matched nothing: `message` and a Clear Filters button that calls `onClear`. */
export function NoMatches({ message, onClear }: { message: string; onClear: () => void }) {
  return (
    <EmptyState>
      <p className="font-semibold text-ink">{message}</p>
      <button type="button" className={`${adminButton.outline} mt-4`} onClick={onClear}>
        Clear Filters
      </button>
    </EmptyState>
  );
}
