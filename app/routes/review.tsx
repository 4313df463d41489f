/**
 * /review/{bookingId}?sig=…: the public review page (admin spec §2 "Public review page", §5
 * "Review"). The link's signature must match the booking id (ARCHITECTURE.md "Security"); an
 * unsigned or non-numeric link reads 'Invalid Review Link', a signed link to a booking that no
 * longer exists 'Review Not Found'.
 */
import { useState } from "react";
import { data, Link } from "react-router";
import { StarRatingInput } from "#app/components/ui/star-rating.tsx";
import { apiRequest } from "#app/lib/api.ts";
import { BUSINESS } from "#common/business.ts";
import { parseDatabaseId } from "#common/ids.ts";
import { formatLagosDateTime } from "#common/lagos-time.ts";
import { pageContext } from "#common/page-context.ts";
import type { Route } from "./+types/review";

type LoaderData =
  | { state: "invalid" }
  | { state: "not-found" }
  | {
      state: "ready" | "reviewed";
      bookingId: number;
      sig: string;
      serviceName: string;
      customerName: string;
      date: string;
    };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { reviews } = context.get(pageContext);
  const bookingId = parseDatabaseId(params.bookingId);
  const sig = new URL(request.url).searchParams.get("sig") ?? "";
  if (bookingId === null) return data<LoaderData>({ state: "invalid" }, { status: 404 });
  if (!sig || !reviews.verifyLink(bookingId, sig)) {
    return data<LoaderData>({ state: "invalid" }, { status: 404 });
  }
  const target = await reviews.target(bookingId);
  if (!target) return data<LoaderData>({ state: "not-found" }, { status: 404 });
  return data<LoaderData>({
    state: target.reviewed ? "reviewed" : "ready",
    bookingId,
    sig,
    serviceName: target.serviceName,
    customerName: target.customerName,
    date: target.date,
  });
}

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export const meta: Route.MetaFunction = () => [
  { title: `Review your treatment | ${BUSINESS.shortName}` },
  { name: "robots", content: "noindex, nofollow" },
];

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-brand-50">
      <header className="border-b border-brand-100 bg-white">
        <div className="mx-auto max-w-2xl px-4 py-4">
          <Link to="/" className="text-lg font-semibold text-brand-900">
            {BUSINESS.name}
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 px-4 py-10">
        <div className="rounded-2xl bg-white p-6 shadow-sm sm:p-8">{children}</div>
      </main>
      <footer className="border-t border-brand-100 bg-white">
        <div className="mx-auto max-w-2xl px-4 py-5 text-sm text-gray-700">
          <p className="font-medium text-ink">{BUSINESS.name}</p>
          <address className="not-italic">{BUSINESS.address}</address>
          <p>
            <a className="underline" href={`tel:${BUSINESS.phone.replace(/\s/g, "")}`}>
              {BUSINESS.phone}
            </a>
          </p>
        </div>
      </footer>
    </div>
  );
}

const THANK_YOU = "Your review has been submitted successfully. We appreciate your feedback!";

export default function ReviewPage({ loaderData }: Route.ComponentProps) {
  const page = loaderData as LoaderData;
  const [rating, setRating] = useState(0);
  const [text, setText] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState(false);

  if (page.state === "invalid") {
    return (
      <Shell>
        <h1 className="text-2xl font-semibold text-ink">Invalid Review Link</h1>
        <p className="mt-3 text-gray-800">
          This review link is invalid or has expired. Please contact the centre on {BUSINESS.phone}{" "}
          or {BUSINESS.email}.
        </p>
      </Shell>
    );
  }
  if (page.state === "not-found") {
    return (
      <Shell>
        <h1 className="text-2xl font-semibold text-ink">Review Not Found</h1>
        <p className="mt-3 text-gray-800">
          The review link you followed is invalid or has expired.
        </p>
      </Shell>
    );
  }
  if (done || page.state === "reviewed") {
    return (
      <Shell>
        <h1 className="text-2xl font-semibold text-ink">Thank You!</h1>
        <p className="mt-3 text-gray-800">
          {done
            ? THANK_YOU
            : "A review has already been submitted for this treatment. We appreciate your feedback!"}
        </p>
      </Shell>
    );
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (rating < 1 || page.state !== "ready") return;
    setSubmitting(true);
    setFailed(false);
    try {
      await apiRequest("POST", "/api/reviews", {
        bookingId: page.bookingId,
        sig: page.sig,
        customerName: page.customerName,
        serviceName: page.serviceName,
        rating,
        reviewText: text.trim() || null,
      });
      setDone(true);
    } catch {
      setFailed(true);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Shell>
      <h1 className="text-2xl font-semibold text-ink">How was your treatment?</h1>
      <dl className="mt-4 grid gap-1 text-sm text-gray-800">
        <div>
          <dt className="inline font-medium">Treatment: </dt>
          <dd className="inline">{page.serviceName}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Client: </dt>
          <dd className="inline">{page.customerName}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Date: </dt>
          <dd className="inline">{formatLagosDateTime(page.date)}</dd>
        </div>
      </dl>
      <form className="mt-6 grid gap-5" onSubmit={submit}>
        <fieldset>
          <legend className="text-sm font-medium text-gray-900">Your rating</legend>
          <div className="mt-2">
            <StarRatingInput value={rating} onChange={setRating} disabled={submitting} />
          </div>
        </fieldset>
        <div>
          <label htmlFor="review-text" className="block text-sm font-medium text-gray-900">
            Tell us more (optional)
          </label>
          <textarea
            id="review-text"
            rows={5}
            maxLength={2000}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 text-sm"
          />
        </div>
        {rating < 1 && (
          <p className="text-sm text-gray-800">Please select a star rating before submitting.</p>
        )}
        {failed && (
          <p role="alert" className="text-sm text-red-700">
            Failed to submit review
          </p>
        )}
        <div>
          <button
            type="submit"
            disabled={rating < 1 || submitting}
            className="rounded-full bg-brand-700 px-6 py-2.5 text-sm font-medium text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {submitting ? "Submitting..." : "Submit Review"}
          </button>
        </div>
      </form>
    </Shell>
  );
}
