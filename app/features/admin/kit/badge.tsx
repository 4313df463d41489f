/** A small status pill (Pending, Completed, In Stock, sent …). */
import { clsx } from "clsx";
import type { ReactNode } from "react";

export type BadgeTone = "green" | "amber" | "red" | "gray";

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={clsx(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        tone === "green" && "bg-green-100 text-green-900",
        tone === "amber" && "bg-amber-100 text-amber-900",
        tone === "red" && "bg-red-100 text-red-900",
        tone === "gray" && "bg-gray-200 text-gray-900",
      )}
    >
      {children}
    </span>
  );
}
