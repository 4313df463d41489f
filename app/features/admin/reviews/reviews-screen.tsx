/**
 * The clients' reviews, newest first (admin spec §3 "Review"): search (client, service, text), a
 * star filter and paging; the state is in the URL (q, rating, page) and the route loader asks the
 * server for the page (server/modules/reviews/service.ts `listReviewsPage`).
 */
import { StarRating } from "#app/components/ui/star-rating.tsx";
import { FilterSelect, ListToolbar, SearchBox } from "#app/features/admin/kit/list-toolbar.tsx";
import { PageHeader } from "#app/features/admin/kit/page-header.tsx";
import { PagedList } from "#app/features/admin/kit/paged-list.tsx";
import { formatLagosDateTime } from "#common/lagos-time.ts";
import type { Page } from "#common/paging.ts";
import { REVIEW_RATING_FILTERS, type ReviewRecord } from "#common/reviews.ts";

export function ReviewsScreen({ page }: { page: Page<ReviewRecord> }) {
  return (
    <>
      <PageHeader title="Reviews" />
      <ListToolbar label="Find reviews">
        <SearchBox label="Search reviews" placeholder="Search by client, service or text" />
        <FilterSelect
          param="rating"
          label="Rating"
          defaultValue="all"
          options={REVIEW_RATING_FILTERS.map((r) => ({
            value: r,
            label: r === "all" ? "All Ratings" : `${r} star${r === "1" ? "" : "s"}`,
          }))}
        />
      </ListToolbar>
      <PagedList
        page={page}
        label="Reviews"
        empty="No reviews yet"
        noMatches="No reviews match your filters."
        filterParams={["q", "rating"]}
      >
        {(rows) => (
          <ul className="grid gap-3 md:grid-cols-2">
            {rows.map((r) => (
              <li key={r.id} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
                <article aria-labelledby={`review-${r.id}`}>
                  <h2 id={`review-${r.id}`} className="font-semibold text-ink">
                    {r.customerName} · {r.serviceName}
                  </h2>
                  <StarRating
                    rating={r.rating}
                    label={`${r.rating} out of 5 stars`}
                    size="sm"
                    className="mt-1"
                  />
                  <p className="mt-1 text-sm text-gray-700">
                    {r.rating}/5 · {formatLagosDateTime(r.createdAt)} · {r.customerEmail}
                  </p>
                  {r.reviewText && <p className="mt-2 text-sm text-gray-900">“{r.reviewText}”</p>}
                </article>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}
