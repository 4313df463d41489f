import { Star } from "lucide-react";
import { EmptyState, PageHeader } from "#app/features/admin/ui.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import { formatLagosDateTime } from "#common/booking.ts";
import type { Route } from "./+types/reviews";

export async function loader({ context }: Route.LoaderArgs) {
  return { reviews: await adminPagesOf(context).reviews.list() };
}

/** /admin/reviews: the clients' reviews, newest first (admin spec §3 "Review"). */
export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Reviews" />
      {loaderData.reviews.length === 0 ? (
        <EmptyState>No reviews yet</EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {loaderData.reviews.map((r) => (
            <li key={r.id} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
              <article aria-labelledby={`review-${r.id}`}>
                <h2 id={`review-${r.id}`} className="font-semibold text-ink">
                  {r.customerName} · {r.serviceName}
                </h2>
                <p
                  className="mt-1 flex items-center gap-1"
                  aria-label={`${r.rating} out of 5 stars`}
                  role="img"
                >
                  {[1, 2, 3, 4, 5].map((n) => (
                    <Star
                      key={n}
                      aria-hidden
                      className={
                        n <= r.rating
                          ? "h-4 w-4 fill-amber-400 text-amber-500"
                          : "h-4 w-4 text-gray-400"
                      }
                    />
                  ))}
                </p>
                <p className="mt-1 text-sm text-gray-700">
                  {r.rating}/5 · {formatLagosDateTime(r.createdAt)} · {r.customerEmail}
                </p>
                {r.reviewText && <p className="mt-2 text-sm text-gray-900">“{r.reviewText}”</p>}
              </article>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
