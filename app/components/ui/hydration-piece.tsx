/**
 * A part of a server-rendered page that React hydrates on its own, after the rest (issue 33 "TBT
 * within 150 ms of the reference"; docs/decisions/0311): a Suspense boundary around content that
 * does not suspend. The server sends it as it is; React hydrates the page around it first and the
 * piece later, in its own render, commit and effects, so a long page's hydration is several short
 * tasks rather than a few long ones. The fallback never shows: nothing inside suspends.
 */
import { type ReactNode, Suspense } from "react";

export function HydrationPiece({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
