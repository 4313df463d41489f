/**
 * The customer dialog's Reviews tab (admin spec §2 "Customer detail dialog"): the client's
 * reviews with their stars, date (Lagos) and service.
 */

import { StarRating } from "#app/components/ui/star-rating.tsx";
import type { ClientDetail } from "#common/clients.ts";
import { formatLagosDay } from "#common/lagos-time.ts";
import { SectionTitle } from "./customer-parts.tsx";

export function ReviewsTab({ detail }: { detail: ClientDetail }) {
  return (
    <div>
      <SectionTitle>Reviews</SectionTitle>
      {detail.reviews.length === 0 ? (
        <p className="text-sm text-gray-700">No reviews yet</p>
      ) : (
        <ul className="space-y-3">
          {detail.reviews.map((r) => (
            <li key={r.id} className="rounded-md border border-gray-100 p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <StarRating rating={r.rating} label={`${r.rating} out of 5 stars`} size="sm" />
                <span className="text-xs text-gray-700">{formatLagosDay(r.createdAt)}</span>
              </div>
              <p className="mt-1 font-medium text-ink">{r.serviceName}</p>
              {r.reviewText && <p className="mt-1 text-gray-800">{r.reviewText}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
