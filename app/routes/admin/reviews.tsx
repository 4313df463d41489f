import { ReviewsScreen } from "#app/features/admin/reviews/reviews-screen.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import { parseListQuery } from "#common/paging.ts";
import { reviewListQuerySchema } from "#common/reviews.ts";
import type { Route } from "./+types/reviews";

export async function loader({ request, context }: Route.LoaderArgs) {
  const pages = adminPagesOf(context);
  const [page, settings] = await Promise.all([
    pages.reviews.page(parseListQuery(reviewListQuerySchema, request.url)),
    pages.reviews.settings(),
  ]);
  return { page, settings };
}

/** /admin/reviews: the clients' reviews, newest first (admin spec §3 "Review"). */
export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  return <ReviewsScreen page={loaderData.page} settings={loaderData.settings} />;
}
