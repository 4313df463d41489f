/**
 * /kiosk: the clinic tablet's locked screen after a client signed their forms (issue 31). It
 * shows nothing of the client or of the back office; staff take the tablet back.
 */

import { BUSINESS } from "#common/business.ts";
import { FORM_MESSAGES } from "#common/forms.ts";
import type { Route } from "./+types/kiosk";

export const meta: Route.MetaFunction = () => [
  { title: `${BUSINESS.shortName}` },
  { name: "robots", content: "noindex, nofollow" },
];

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export default function Kiosk() {
  return (
    <main
      id="main"
      className="flex min-h-screen flex-col items-center justify-center gap-4 bg-brand-900 px-6 text-center text-white"
    >
      <p className="text-3xl font-semibold">{BUSINESS.shortName}</p>
      <h1 className="text-xl">Thank you. Please hand the tablet back to the clinic's staff.</h1>
      <p className="max-w-md text-brand-100">{FORM_MESSAGES.kioskLocked}</p>
    </main>
  );
}
