/**
 * The clients' reviews, newest first (admin spec §3 "Review"): search (client, service, text), a
 * star filter and paging; the state is in the URL (q, rating, page) and the route loader asks the
 * server for the page (server/modules/reviews/service.ts `listReviewsPage`). A manager also sees
 * the setting "Send the review request when a visit is completed" (decision 0241).
 */
import { useState } from "react";
import { StarRating } from "#app/components/ui/star-rating.tsx";
import { FilterSelect, ListToolbar, SearchBox } from "#app/features/admin/kit/list-toolbar.tsx";
import { PageHeader } from "#app/features/admin/kit/page-header.tsx";
import { PagedList } from "#app/features/admin/kit/paged-list.tsx";
import { useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import { formatLagosDateTime } from "#common/lagos-time.ts";
import type { Page } from "#common/paging.ts";
import { REVIEW_RATING_FILTERS, type ReviewRecord } from "#common/reviews.ts";
import { type ClinicSettings, SETTINGS_TEXTS } from "#common/settings.ts";

export function ReviewsScreen({
  page,
  settings,
}: {
  page: Page<ReviewRecord>;
  /** The clinic's settings, for a manager; null for other roles. */
  settings: ClinicSettings | null;
}) {
  return (
    <>
      <PageHeader title="Reviews" />
      {settings && <ReviewSettings settings={settings} />}
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

/**
 * The setting "Send the review request when a visit is completed" (issue 28, decision 0241):
 * saved when ticked or cleared (PATCH /api/admin/settings), back to the saved value if refused.
 */
function ReviewSettings({ settings }: { settings: ClinicSettings }) {
  const [on, setOn] = useState(settings.reviewRequestOnComplete);
  const save = useAdminMutation<ClinicSettings>({
    success: { title: SETTINGS_TEXTS.saved },
    failure: SETTINGS_TEXTS.saveFailed,
  });
  async function change(next: boolean) {
    setOn(next);
    const outcome = await save.run(() =>
      apiRequest<ClinicSettings>("PATCH", "/api/admin/settings", {
        reviewRequestOnComplete: next,
      }),
    );
    if (!outcome.ok) setOn(!next);
  }
  return (
    <section
      aria-label="Review settings"
      className="mb-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
    >
      <label className="flex items-start gap-3 text-sm font-medium text-ink">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4"
          checked={on}
          disabled={save.pending}
          onChange={(e) => void change(e.target.checked)}
          aria-describedby="review-on-complete-hint"
        />
        <span>
          {SETTINGS_TEXTS.reviewRequestOnComplete}
          <span
            id="review-on-complete-hint"
            className="mt-1 block text-xs font-normal text-gray-600"
          >
            {SETTINGS_TEXTS.reviewRequestOnCompleteHint}
          </span>
        </span>
      </label>
    </section>
  );
}
