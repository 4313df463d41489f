/** The top of every admin screen: its one h1 and the screen's actions (counts, Add buttons). */
import type { ReactNode } from "react";

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold text-ink">{title}</h1>
      {children && <div className="flex flex-wrap items-center gap-2">{children}</div>}
    </div>
  );
}

/** A count pill beside the title, e.g. '3 of 40 Bookings' (admin spec §2). */
export function CountBadge({ children }: { children: ReactNode }) {
  return (
    <span className="rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-900">
      {children}
    </span>
  );
}
