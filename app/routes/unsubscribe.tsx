/**
 * /unsubscribe?email=…&sig=…: the page an email's unsubscribe link opens (issue 17 "Consent and
 * opt-out"). Opening it changes nothing (mail scanners follow links); the client confirms with
 * one button, which POSTs /api/unsubscribe and stops reminder and marketing emails. Messages
 * about their own bookings and orders still go. A link whose signature does not match the
 * address reads 'Invalid Unsubscribe Link'.
 */
import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { data, Link } from "react-router";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { apiRequest } from "#app/lib/api.ts";
import { BUSINESS } from "#common/business.ts";
import { UNSUBSCRIBE_TEXT } from "#common/consent.ts";
import { pageContext } from "#common/page-context.ts";
import type { Route } from "./+types/unsubscribe";

type LoaderData = { state: "invalid" } | { state: "ready" | "done"; email: string; sig: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { consent } = context.get(pageContext);
  const params = new URL(request.url).searchParams;
  const email = (params.get("email") ?? "").trim().toLowerCase();
  const sig = params.get("sig") ?? "";
  if (!email || !sig || sig.length > 64 || !consent.verifyUnsubscribe(email, sig)) {
    return data<LoaderData>({ state: "invalid" }, { status: 404 });
  }
  const done = await consent.isUnsubscribed(email);
  return data<LoaderData>({ state: done ? "done" : "ready", email, sig });
}

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export const meta: Route.MetaFunction = () => [
  { title: `Unsubscribe | ${BUSINESS.shortName}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function UnsubscribePage({ loaderData }: Route.ComponentProps) {
  const page = loaderData as LoaderData;
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState(false);

  async function unsubscribe() {
    if (page.state !== "ready") return;
    setSending(true);
    setFailed(false);
    try {
      await apiRequest("POST", "/api/unsubscribe", { email: page.email, sig: page.sig });
      setDone(true);
    } catch {
      setFailed(true);
    } finally {
      setSending(false);
    }
  }

  return (
    <main id="main" className="w-full px-4 py-16 sm:py-24">
      <div className="mx-auto flex max-w-xl flex-col items-center text-center">
        {page.state === "invalid" ? (
          <>
            <h1 className="font-serif text-3xl text-brand-900 sm:text-4xl">
              {UNSUBSCRIBE_TEXT.invalidTitle}
            </h1>
            <p className="mt-4 text-stone-700">
              This unsubscribe link is invalid. Please contact the centre on {BUSINESS.phone} or{" "}
              {BUSINESS.email}.
            </p>
          </>
        ) : done || page.state === "done" ? (
          <>
            <CheckCircle2 className="h-14 w-14 text-emerald-700" aria-hidden />
            <h1 className="mt-4 font-serif text-3xl text-brand-900 sm:text-4xl">
              {UNSUBSCRIBE_TEXT.doneTitle}
            </h1>
            <p className="mt-4 text-stone-700" role="status">
              {UNSUBSCRIBE_TEXT.done}
            </p>
            <Link to="/" className={`mt-8 ${buttonClassName({ size: "lg", variant: "outline" })}`}>
              Back to Home
            </Link>
          </>
        ) : (
          <>
            <h1 className="font-serif text-3xl text-brand-900 sm:text-4xl">
              {UNSUBSCRIBE_TEXT.title}
            </h1>
            <p className="mt-4 text-stone-700">
              Stop appointment reminders and offers from {BUSINESS.name} to{" "}
              <strong className="break-all">{page.email}</strong>? Messages about your own bookings
              and orders will still reach you.
            </p>
            {failed && (
              <p role="alert" className="mt-4 text-sm text-red-700">
                {UNSUBSCRIBE_TEXT.failed}
              </p>
            )}
            <button
              type="button"
              className={`mt-8 ${buttonClassName({ size: "lg" })}`}
              disabled={sending}
              onClick={() => void unsubscribe()}
            >
              {sending ? "Unsubscribing..." : UNSUBSCRIBE_TEXT.button}
            </button>
          </>
        )}
      </div>
    </main>
  );
}
